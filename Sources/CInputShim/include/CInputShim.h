// What Swift cannot import from linux/input.h: the ioctl request macros
// (EVIOCGRAB, ...) are function-like and ioctl() is variadic.
// Each wrapper returns 0 on success or -errno.
#ifndef TOUCHBRIDGE_C_INPUT_SHIM_H
#define TOUCHBRIDGE_C_INPUT_SHIM_H

#include <linux/input.h>

/// EVIOCGRAB: take (grab = 1) or release (grab = 0) exclusive access to an event node.
int tb_input_grab(int fd, int grab);

#endif
