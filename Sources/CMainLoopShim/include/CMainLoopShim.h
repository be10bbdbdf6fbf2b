#ifndef TOUCHBRIDGE_CMAINLOOPSHIM_H
#define TOUCHBRIDGE_CMAINLOOPSHIM_H

// The hooks libdispatch gives a run loop on the main thread (CFRunLoop's,
// on Linux): a descriptor that becomes readable when the main queue has
// work, and the call that runs that work.

// The main queue's eventfd; call on the main thread.
int tb_main_queue_descriptor(void);
// Resets the descriptor and runs what the main queue holds; on the main thread.
void tb_main_queue_drain(int descriptor);

#endif
