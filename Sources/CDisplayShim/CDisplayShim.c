#include "CDisplayShim.h"

#include <errno.h>
#include <linux/kd.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int result(int rc) { return rc < 0 ? -errno : 0; }

int tb_fb_get_variable_info(int fd, struct fb_var_screeninfo *info) { return result(ioctl(fd, FBIOGET_VSCREENINFO, info)); }
int tb_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info) { return result(ioctl(fd, FBIOGET_FSCREENINFO, info)); }
int tb_fb_pan(int fd, const struct fb_var_screeninfo *info) { return result(ioctl(fd, FBIOPAN_DISPLAY, info)); }

int tb_fb_blank(int fd, int level) {
    return result(ioctl(fd, FBIOBLANK, level));
}

int tb_fb_wait_for_vsync(int fd) {
    __u32 crtc = 0;
    return result(ioctl(fd, FBIO_WAITFORVSYNC, &crtc));
}

// The console's state. Only the main thread changes it; a signal handler
// only reads it, and only ioctl/sigaction/raise are called from there.
static volatile sig_atomic_t console_fd = -1;
static volatile sig_atomic_t console_saved_mode = KD_TEXT;
// The console's keyboard mode: off while a picture is shown, so keys typed
// into the app (a PIN, a scanner's codes) are not also typed into the tty
// behind it, and Ctrl+Alt+Del there does nothing. -1: not changed.
static volatile sig_atomic_t console_saved_kbmode = -1;
static int console_users = 0;
static int handlers_installed = 0;

static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE};
static const int stop_signals[] = {SIGTERM, SIGINT, SIGHUP};
static struct sigaction previous_actions[NSIG];

static void restore_console(void) {
    int fd = console_fd;
    if (fd < 0) return;
    ioctl(fd, KDSETMODE, (unsigned long)console_saved_mode);
    if (console_saved_kbmode >= 0) ioctl(fd, KDSKBMODE, (unsigned long)console_saved_kbmode);
}

// Gives the console back, then lets the signal do what it would have done:
// the previous handler (the Swift runtime's backtracer, say) or the default.
static void restore_console_on_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    restore_console();
    sigaction(sig, &previous_actions[sig], NULL);
    // A fault the kernel raised (si_code > 0) happens again when the
    // instruction reruns, with its real details; one sent by kill or abort
    // is sent again.
    if (info == NULL || info->si_code <= 0) raise(sig);
}

static void install(int sig) {
    struct sigaction action = {0};
    action.sa_sigaction = restore_console_on_signal;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, &previous_actions[sig]);
}

static void install_handlers(void) {
    if (handlers_installed) return;
    handlers_installed = 1;
    atexit(restore_console);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) install(crash_signals[i]);
    // Only where the signal would kill the process outright: a program
    // that handles or ignores it (to quit cleanly) closes the display itself.
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction current;
        if (sigaction(stop_signals[i], NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_DFL)
            install(stop_signals[i]);
    }
}

int tb_console_enter_graphics(int tty_fd) {
    if (console_users > 0) {
        close(tty_fd);
        console_users++;
        return 0;
    }
    int mode = KD_TEXT;
    if (ioctl(tty_fd, KDGETMODE, &mode) < 0) return -errno;
    if (ioctl(tty_fd, KDSETMODE, (unsigned long)KD_GRAPHICS) < 0) return -errno;
    console_saved_mode = mode;
    int kbmode = 0;
    console_saved_kbmode = -1;
    if (ioctl(tty_fd, KDGKBMODE, &kbmode) == 0 && ioctl(tty_fd, KDSKBMODE, (unsigned long)K_OFF) == 0) console_saved_kbmode = kbmode;
    console_fd = tty_fd;
    console_users = 1;
    install_handlers();
    return 0;
}

void tb_console_leave_graphics(void) {
    if (console_users == 0 || --console_users > 0) return;
    restore_console();
    int fd = console_fd;
    console_fd = -1;
    close(fd);
}
