// What Swift cannot import from linux/input.h: the ioctl request macros
// (EVIOCGRAB, ...) are function-like and ioctl() is variadic.
// Each wrapper returns 0 on success or -errno.
#ifndef TOUCHBRIDGE_C_INPUT_SHIM_H
#define TOUCHBRIDGE_C_INPUT_SHIM_H

#include <linux/input.h>

/// EVIOCGRAB: take (grab = 1) or release (grab = 0) exclusive access to an event node.
int tb_input_grab(int fd, int grab);

// epoll, whose packed event struct Swift does not import well: a
// descriptor set of our own that one dispatch source reads for many devices.
// A new epoll descriptor, or -errno.
int tb_epoll_create(void);
// Watches fd for input, errors and hangups; 0 or -errno.
int tb_epoll_add(int epfd, int fd);
int tb_epoll_remove(int epfd, int fd);
// Writes up to max ready descriptors to fds, waiting up to timeout_ms (-1:
// for ever, 0: not at all); their count, or -errno.
int tb_epoll_ready(int epfd, int *fds, int max, int timeout_ms);

#endif
