// Prints the keyboard mode of a console (KDGKBMODE): raw, xlate, mediumraw,
// unicode or off. The display test checks that touchbridge turns the
// console's keyboard off while it shows a picture and puts it back after.
//
//   kbmode /dev/tty0
#include <fcntl.h>
#include <linux/kd.h>
#include <stdio.h>
#include <sys/ioctl.h>

int main(int argc, char **argv) {
    int fd = open(argc > 1 ? argv[1] : "/dev/tty0", O_RDONLY | O_NOCTTY);
    int mode = -1;
    if (fd < 0 || ioctl(fd, KDGKBMODE, &mode) < 0) { perror("kbmode"); return 1; }
    const char *names[] = {"raw", "xlate", "mediumraw", "unicode", "off"};
    printf("%s\n", mode >= 0 && mode <= 4 ? names[mode] : "unknown");
    return 0;
}
