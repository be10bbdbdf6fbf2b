#include "CMainLoopShim.h"

#include <errno.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

// libdispatch's exports for CoreFoundation (dispatch/private.h).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int tb_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

void tb_main_queue_drain(int descriptor) {
    uint64_t count;
    // Clear the wake-up first, so work queued while draining wakes the loop again.
    (void)read(descriptor, &count, sizeof count);
    _dispatch_main_queue_callback_4CF(0);
}

int tb_timer_create(void) {
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int tb_timer_arm(int timer, double seconds) {
    struct itimerspec spec = {0};
    if (seconds > 0) {
        spec.it_value.tv_sec = (time_t)seconds;
        spec.it_value.tv_nsec = (long)((seconds - (double)spec.it_value.tv_sec) * 1e9);
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(timer, TFD_TIMER_ABSTIME, &spec, 0) < 0 ? -errno : 0;
}

void tb_timer_clear(int timer) {
    uint64_t expirations;
    (void)read(timer, &expirations, sizeof expirations);
}
