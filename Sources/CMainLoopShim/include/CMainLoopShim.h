#ifndef TOUCHBRIDGE_CMAINLOOPSHIM_H
#define TOUCHBRIDGE_CMAINLOOPSHIM_H

// The hooks libdispatch gives a run loop on the main thread (CFRunLoop's,
// on Linux): a descriptor that becomes readable when the main queue has
// work, and the call that runs that work.

// The main queue's eventfd; call on the main thread.
int tb_main_queue_descriptor(void);
// Resets the descriptor and runs what the main queue holds; on the main thread.
void tb_main_queue_drain(int descriptor);

// A CLOCK_MONOTONIC timerfd (non-blocking, close-on-exec), or -errno.
int tb_timer_create(void);
// Arms it to fire once at `seconds` on CLOCK_MONOTONIC (absolute); a deadline
// of 0 or less disarms it.
int tb_timer_arm(int timer, double seconds);
// Clears its readiness.
void tb_timer_clear(int timer);

#endif
