// photon-floor: the least a program can do to show a touch. It reads the
// evdev device in PHOTON_DEVICE (multitouch protocol B) with read(2), and at
// each SYN_REPORT writes, straight into /dev/fb0's memory, a white disc where
// each finger was and a blue disc of radius 22 px where it is now. No
// toolkit, no event objects, no back buffer: the floor the others are
// measured against.
#include <fcntl.h>
#include <linux/fb.h>
#include <linux/input.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 10
#define RADIUS 22

static uint32_t *fb;
static int stride, width, height;

static void disc(int cx, int cy, uint32_t colour) {
    for (int y = cy - RADIUS; y <= cy + RADIUS; y++) {
        if (y < 0 || y >= height) continue;
        for (int x = cx - RADIUS; x <= cx + RADIUS; x++) {
            if (x < 0 || x >= width) continue;
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= RADIUS * RADIUS) fb[y * stride + x] = colour;
        }
    }
}

int main(void) {
    const char *node = getenv("PHOTON_DEVICE");
    int input = node ? open(node, O_RDONLY) : -1;
    int screen = open("/dev/fb0", O_RDWR);
    if (input < 0 || screen < 0) { perror(input < 0 ? "PHOTON_DEVICE" : "/dev/fb0"); return 1; }
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    if (ioctl(screen, FBIOGET_VSCREENINFO, &var) < 0 || ioctl(screen, FBIOGET_FSCREENINFO, &fix) < 0 || var.bits_per_pixel != 32) {
        fprintf(stderr, "photon-floor: /dev/fb0 is not a 32-bit framebuffer\n");
        return 1;
    }
    width = var.xres, height = var.yres, stride = fix.line_length / 4;
    fb = mmap(NULL, fix.smem_len, PROT_READ | PROT_WRITE, MAP_SHARED, screen, 0);
    if (fb == MAP_FAILED) { perror("mmap"); return 1; }
    for (int i = 0; i < stride * height; i++) fb[i] = 0xffffff;
    int slot = 0, down[SLOTS] = {0}, x[SLOTS] = {0}, y[SLOTS] = {0}, shownX[SLOTS], shownY[SLOTS], shown[SLOTS] = {0};
    struct input_event events[64];
    for (;;) {
        ssize_t n = read(input, events, sizeof events);
        if (n <= 0) return 0;
        for (int i = 0; i < n / (ssize_t)sizeof events[0]; i++) {
            struct input_event *e = &events[i];
            if (e->type == EV_ABS && e->code == ABS_MT_SLOT) slot = e->value < SLOTS ? e->value : 0;
            else if (e->type == EV_ABS && e->code == ABS_MT_TRACKING_ID) down[slot] = e->value >= 0;
            else if (e->type == EV_ABS && e->code == ABS_MT_POSITION_X) x[slot] = e->value;
            else if (e->type == EV_ABS && e->code == ABS_MT_POSITION_Y) y[slot] = e->value;
            else if (e->type == EV_SYN && e->code == SYN_REPORT) {
                for (int s = 0; s < SLOTS; s++) {
                    if (shown[s] && (!down[s] || shownX[s] != x[s] || shownY[s] != y[s])) disc(shownX[s], shownY[s], 0xffffff), shown[s] = 0;
                }
                for (int s = 0; s < SLOTS; s++) {
                    if (down[s]) disc(x[s], y[s], 0x0000ff), shownX[s] = x[s], shownY[s] = y[s], shown[s] = 1;
                }
            }
        }
    }
}
