// Mouse to photon in a desktop window (issue 28): the X server's own pointer
// is moved with XTest, as a person's mouse would move it, and the window's
// pixels are read back with XGetImage until the frame shows the move.
//
//   latency-probe WINDOW-NAME PID FRAMES X0 Y0 X1 Y1
//
// The pointer drags (button 1 down) in rows across the rectangle X0,Y0-X1,Y1
// of the window, 6 px a frame at 100 Hz, lifting at each row's end, as
// Benchmarks/vm/latency-probe moves a finger. Each reader shows a disc of
// radius 22 px under the pointer; a frame is seen when the pixel 14 px right
// of and above the pointer's new place (outside the disc the last frame
// left, inside the new one) has changed. One line per frame seen,
// "photon-us N", then "missed N" and "cpu-us-per-frame N" (PID's user and
// system time over the run, from /proc).
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// A pixel outside the window (it was moved or resized) is an X error: counted as unseen, not fatal.
static int x_error(Display *dpy, XErrorEvent *event) { return 0; }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static Window find(Display *dpy, Window top, const char *name) {
    char *title = NULL;
    if (XFetchName(dpy, top, &title) && title) {
        int same = strcmp(title, name) == 0;
        XFree(title);
        if (same) return top;
    }
    Window root, parent, *children = NULL;
    unsigned count = 0;
    if (!XQueryTree(dpy, top, &root, &parent, &children, &count)) return 0;
    Window found = 0;
    for (unsigned i = 0; i < count && !found; i++) found = find(dpy, children[i], name);
    if (children) XFree(children);
    return found;
}

static unsigned long pixel(Display *dpy, Window window, int x, int y) {
    XImage *image = XGetImage(dpy, window, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!image) return 0xFFFFFFFFul;
    unsigned long value = XGetPixel(image, 0, 0) & 0xFFFFFF;  // never 0xFFFFFFFF: that means no picture
    XDestroyImage(image);
    return value;
}

static double cpu_seconds(int pid) {
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    if (!fgets(line, sizeof line, f)) line[0] = 0;
    fclose(f);
    char *p = strrchr(line, ')');
    unsigned long utime = 0, stime = 0;
    // After the name: state, then fields 4..13, then utime (14) and stime (15).
    if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    return (double)(utime + stime) / sysconf(_SC_CLK_TCK);
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: latency-probe WINDOW-NAME PID FRAMES X0 Y0 X1 Y1\n");
        return 2;
    }
    const char *name = argv[1];
    int pid = atoi(argv[2]), frames = atoi(argv[3]);
    int x0 = atoi(argv[4]), y0 = atoi(argv[5]), x1 = atoi(argv[6]), y1 = atoi(argv[7]);
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "latency-probe: no X display\n");
        return 1;
    }
    XSetErrorHandler(x_error);
    Window window = 0;
    for (int i = 0; i < 100 && !window; i++) {
        window = find(dpy, DefaultRootWindow(dpy), name);
        if (!window) usleep(100000);
    }
    if (!window) {
        fprintf(stderr, "latency-probe: no window named '%s'\n", name);
        return 1;
    }
    int wx, wy;
    Window child;
    XTranslateCoordinates(dpy, window, DefaultRootWindow(dpy), 0, 0, &wx, &wy, &child);
    const int step = 6, perRow = (x1 - x0) / step, rowGap = 30;
    int x = x0, y = y0, missed = 0, seenCount = 0, down = 0;
    double cpuStart = cpu_seconds(pid), next = now();
    for (int frame = 0; frame < frames; frame++) {
        int column = frame % perRow, row = frame / perRow;
        x = x0 + column * step;
        y = y0 + (row * rowGap) % (y1 - y0);
        int sx = x + 14, sy = y - 14;
        unsigned long before = pixel(dpy, window, sx, sy);
        while (now() < next) usleep(100);
        double sent = now();
        XTestFakeMotionEvent(dpy, -1, wx + x, wy + y, CurrentTime);
        if (!down) {
            XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
            down = 1;
        }
        XFlush(dpy);
        int seen = 0;
        while (now() - sent < 0.25) {
            unsigned long seen_now = pixel(dpy, window, sx, sy);
            if (seen_now != 0xFFFFFFFFul && seen_now != before) {
                seen = 1;
                break;
            }
            usleep(200);
        }
        if (seen) {
            printf("photon-us %ld\n", (long)((now() - sent) * 1e6));
            seenCount++;
        } else {
            missed++;
        }
        if (column == perRow - 1) {
            XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
            XFlush(dpy);
            down = 0;
            usleep(50000);  // the lift shown before the next row lands
            next = now();
        }
        next += 0.01;
    }
    if (down) XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
    XFlush(dpy);
    printf("missed %d\n", missed);
    printf("cpu-us-per-frame %ld\n", (long)((cpu_seconds(pid) - cpuStart) * 1e6 / frames));
    XCloseDisplay(dpy);
    // A reader that misses more than one frame in a hundred has failed the run.
    return missed * 100 <= frames ? 0 : 1;
}
