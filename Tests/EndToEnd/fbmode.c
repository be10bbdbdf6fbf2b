/* fbmode DEVICE WIDTH HEIGHT BITS VIRTUAL_HEIGHT: sets a framebuffer's mode
 * with FBIOPUT_VSCREENINFO (busybox has no fbset), for the display test to
 * give vfb room for two pages. Prints the mode the driver settled on. */
#include <fcntl.h>
#include <linux/fb.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: fbmode DEVICE WIDTH HEIGHT BITS VIRTUAL_HEIGHT\n"); return 2; }
    int fd = open(argv[1], O_RDWR);
    struct fb_var_screeninfo var;
    if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0) { perror(argv[1]); return 1; }
    var.xres = var.xres_virtual = atoi(argv[2]);
    var.yres = atoi(argv[3]);
    var.bits_per_pixel = atoi(argv[4]);
    var.yres_virtual = atoi(argv[5]);
    var.xoffset = var.yoffset = 0;
    var.activate = FB_ACTIVATE_NOW;
    if (ioctl(fd, FBIOPUT_VSCREENINFO, &var) < 0) { perror("FBIOPUT_VSCREENINFO"); return 1; }
    printf("%ux%u (virtual %ux%u) %u bpp, red %u/%u green %u/%u blue %u/%u alpha %u/%u\n", var.xres, var.yres,
           var.xres_virtual, var.yres_virtual, var.bits_per_pixel, var.red.offset, var.red.length, var.green.offset,
           var.green.length, var.blue.offset, var.blue.length, var.transp.offset, var.transp.length);
    return 0;
}
