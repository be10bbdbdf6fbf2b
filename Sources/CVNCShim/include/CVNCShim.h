#ifndef TB_VNC_SHIM_H
#define TB_VNC_SHIM_H

#include <stdint.h>

// A VNC server through libvncserver, loaded with dlopen when one is asked
// for: no libvncserver in an app's link, so a kiosk that serves no VNC
// needs none of it. The server never runs a thread or a loop of its own:
// its owner watches the listening socket and each client's, and calls
// tb_vnc_process when one is readable and after marking what changed.

typedef struct tb_vnc tb_vnc;

typedef struct {
    void *context;
    /// A client's pointer: buttons as VNC's mask (1 the left), x and y in pixels.
    void (*pointer)(void *context, int buttons, int x, int y);
    /// A client's key, as an X keysym.
    void (*key)(void *context, int down, uint32_t keysym);
    /// A client connected (before it authenticates) or went; its socket and address.
    void (*connected)(void *context, int fd, const char *host);
    void (*disconnected)(void *context, int fd, const char *host);
    /// A line libvncserver logs; is_error for its errors (a failed password among them).
    void (*log)(void *context, int is_error, const char *line);
} tb_vnc_callbacks;

/// Serves a width x height picture of 32-bit pixels (cairo's ARGB32) on
/// address:port (IPv4 or IPv6), or on `listening`, a socket that listens
/// already (systemd's) when it is 0 or more, asking for `password` unless
/// NULL. NULL and *error on failure.
tb_vnc *tb_vnc_start(int width, int height, const char *address, int port, int listening, const char *password,
                     tb_vnc_callbacks callbacks, const char **error);
int tb_vnc_listen_fd(tb_vnc *vnc);
/// Accepts, reads and answers what is waiting, without blocking; sends updates clients asked for.
void tb_vnc_process(tb_vnc *vnc);
/// The picture clients see, and its bytes per row.
uint8_t *tb_vnc_pixels(tb_vnc *vnc);
int tb_vnc_stride(tb_vnc *vnc);
/// Says the rectangle changed; the next tb_vnc_process sends it to whoever asked.
void tb_vnc_mark(tb_vnc *vnc, int x, int y, int width, int height);
void tb_vnc_stop(tb_vnc *vnc);

/// The password in `password` read from a vncpasswd file (NULL and *error if it cannot be); free() it.
char *tb_vnc_read_password(const char *file, const char **error);
/// Writes `password` to `file` in vncpasswd's format (0 on success).
int tb_vnc_store_password(const char *password, const char *file, const char **error);

#endif
