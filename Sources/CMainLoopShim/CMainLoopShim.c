#include "CMainLoopShim.h"

#include <stdint.h>
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
