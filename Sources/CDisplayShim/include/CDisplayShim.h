// What Swift cannot call itself: ioctl() is variadic, so the framebuffer and
// console requests go through these wrappers. The console's saved mode
// lives here too, in plain C globals, so that a signal handler can put it
// back without touching anything a signal may have interrupted.
// Each int-returning wrapper returns 0 on success or -errno.
#ifndef TOUCHBRIDGE_C_DISPLAY_SHIM_H
#define TOUCHBRIDGE_C_DISPLAY_SHIM_H

#include <linux/fb.h>

/// FBIOGET_VSCREENINFO: resolution, virtual size, offsets, pixel bitfields, timings.
int tb_fb_get_variable_info(int fd, struct fb_var_screeninfo *info);
/// FBIOGET_FSCREENINFO: memory length, line length, pan steps.
int tb_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info);
/// FBIOPAN_DISPLAY: shows the part of the virtual screen at info's xoffset/yoffset.
int tb_fb_pan(int fd, const struct fb_var_screeninfo *info);
/// FBIOBLANK: 0 shows the picture, 4 (FB_BLANK_POWERDOWN) powers the panel down.
int tb_fb_blank(int fd, int level);
/// FBIO_WAITFORVSYNC: blocks until the next vertical blank of the first CRTC.
int tb_fb_wait_for_vsync(int fd);

/// Puts the virtual terminal open on tty_fd into KD_GRAPHICS, so that neither
/// the cursor nor kernel messages draw over the picture, and arranges for its
/// mode to come back at exit and on fatal signals. Takes tty_fd on success.
/// Nested calls count users; only the first switches. -ENOTTY/-EINVAL: not a VT.
int tb_console_enter_graphics(int tty_fd);
/// One user less; the last one puts the terminal back in its old mode and closes it.
void tb_console_leave_graphics(void);

#endif
