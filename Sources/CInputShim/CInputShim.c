#include "CInputShim.h"

#include <errno.h>
#include <stddef.h>
#include <sys/ioctl.h>

static int result(int rc) { return rc < 0 ? -errno : 0; }

int tb_input_grab(int fd, int grab) { return result(ioctl(fd, EVIOCGRAB, grab)); }

int tb_input_revoke(int fd) { return result(ioctl(fd, EVIOCREVOKE, NULL)); }

int tb_input_get_version(int fd, int *version) { return result(ioctl(fd, EVIOCGVERSION, version)); }
