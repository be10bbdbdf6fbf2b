// The floor for Benchmarks/desktop: an X11 window of 800x480 that draws,
// with the server's own primitives, a disc of radius 22 px under the
// pointer while button 1 is down, rubbing out the last one: a motion event
// read to pixels with nothing in between.
#include <X11/Xlib.h>
#include <stdio.h>

int main(void) {
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "photon-floor: no X display\n");
        return 1;
    }
    int screen = DefaultScreen(dpy);
    Window window = XCreateSimpleWindow(dpy, RootWindow(dpy, screen), 240, 210, 800, 480, 0, 0, WhitePixel(dpy, screen));
    XStoreName(dpy, window, "floor");
    XSelectInput(dpy, window, ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask);
    XMapWindow(dpy, window);
    GC gc = XCreateGC(dpy, window, 0, NULL);
    int lastX = -1000, lastY = -1000, pressed = 0;
    const int r = 22;
    for (;;) {
        XEvent event;
        XNextEvent(dpy, &event);
        int x = lastX, y = lastY, draw = 0;
        if (event.type == ButtonPress && event.xbutton.button == 1) {
            pressed = 1;
            x = event.xbutton.x, y = event.xbutton.y, draw = 1;
        } else if (event.type == ButtonRelease && event.xbutton.button == 1) {
            pressed = 0;
            XSetForeground(dpy, gc, WhitePixel(dpy, screen));
            XFillArc(dpy, window, gc, lastX - r, lastY - r, 2 * r, 2 * r, 0, 360 * 64);
        } else if (event.type == MotionNotify && pressed) {
            x = event.xmotion.x, y = event.xmotion.y, draw = 1;
        }
        if (draw) {
            XSetForeground(dpy, gc, WhitePixel(dpy, screen));
            XFillArc(dpy, window, gc, lastX - r, lastY - r, 2 * r, 2 * r, 0, 360 * 64);
            XSetForeground(dpy, gc, 0x5080C0);
            XFillArc(dpy, window, gc, x - r, y - r, 2 * r, 2 * r, 0, 360 * 64);
            lastX = x, lastY = y;
        }
        XFlush(dpy);
    }
}
