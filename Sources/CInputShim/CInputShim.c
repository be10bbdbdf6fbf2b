#include "CInputShim.h"

#include <errno.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>

static int result(int rc) { return rc < 0 ? -errno : 0; }

int tb_input_grab(int fd, int grab) { return result(ioctl(fd, EVIOCGRAB, grab)); }

int tb_epoll_create(void) {
    int fd = epoll_create1(EPOLL_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int tb_epoll_add(int epfd, int fd) {
    struct epoll_event event = {.events = EPOLLIN | EPOLLERR | EPOLLHUP, .data.fd = fd};
    return result(epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event));
}

int tb_epoll_remove(int epfd, int fd) { return result(epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL)); }

int tb_epoll_ready(int epfd, int *fds, int max, int timeout_ms) {
    struct epoll_event events[64];
    if (max > 64) max = 64;
    int count = epoll_wait(epfd, events, max, timeout_ms);
    if (count < 0) return -errno;
    for (int i = 0; i < count; i++) fds[i] = events[i].data.fd;
    return count;
}
