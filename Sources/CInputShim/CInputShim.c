#include "CInputShim.h"

#include <errno.h>
#include <sys/ioctl.h>

static int result(int rc) { return rc < 0 ? -errno : 0; }

int tb_input_grab(int fd, int grab) { return result(ioctl(fd, EVIOCGRAB, grab)); }
