// The app's window: on a desktop through SDL 2, loaded with dlopen when a
// window is asked for (an app's binary does not link SDL, so a kiosk image
// needs neither it nor the X11 libraries it brings), or full screen under a
// kiosk's Wayland compositor as a client of our own (WaylandWindow.c, which
// links libwayland-client). SDL's own types stay in the .c file; Swift sees
// opaque windows and one flattened event for both.
#ifndef TOUCHBRIDGE_C_DESKTOP_SHIM_H
#define TOUCHBRIDGE_C_DESKTOP_SHIM_H

#include <stdint.h>

typedef struct tb_desktop_window tb_desktop_window;

/// Loads libSDL2-2.0.so.0 and starts its video subsystem (once). NULL on
/// success, else why not (the library missing, no display to talk to).
const char *tb_desktop_open(void);
/// SDL's name for the windowing system in use: "x11", "wayland", ...
const char *tb_desktop_video_driver(void);
/// SDL's last error.
const char *tb_desktop_error(void);

/// A window of width x height points showing a picture of the same size,
/// scaled to the window's pixels on a HiDPI desktop. `fullscreen`: the
/// whole desktop (the sizes then come from tb_desktop_window_size).
/// NULL on failure (tb_desktop_error says why).
tb_desktop_window *tb_desktop_window_create(const char *title, int width, int height, int fullscreen, int resizable);
void tb_desktop_window_destroy(tb_desktop_window *window);
/// The window's size in points.
void tb_desktop_window_size(tb_desktop_window *window, int *width, int *height);
/// The window's size in pixels.
void tb_desktop_window_pixel_size(tb_desktop_window *window, int *width, int *height);
/// The refresh rate of the display the window is on; 0 when unknown.
int tb_desktop_window_refresh_rate(tb_desktop_window *window);
/// The display server connection's descriptor (X11 or Wayland), readable
/// when events come; -1 when the windowing system gives none.
int tb_desktop_window_descriptor(tb_desktop_window *window);
/// The discs drawn are gone with the old picture (after a resize): none to rub out.
void tb_desktop_window_forget_markers(tb_desktop_window *window);

/// A disc the window draws over the picture, centred on (x, y) in points:
/// a simulated finger, as the iOS Simulator draws them.
enum { TB_DESKTOP_MARKERS_MAX = 10 };
typedef struct {
    double x, y;
    int pressed;
} tb_desktop_marker;

/// Copies `rect_count` rectangles (x, y, width, height, in points; at most
/// 16) of the picture (32-bit XRGB, width x height, `stride` bytes a row) into
/// the window and shows them, with `markers` over it; the picture is put back
/// where the last markers were. Only what changed is sent to the display
/// server, unless the window's pixels are not the picture's size (a HiDPI
/// window): then the whole picture, scaled. 0, or -1.
int tb_desktop_window_present(
    tb_desktop_window *window, const void *pixels, int stride, int width, int height, const int *rects, int rect_count,
    const tb_desktop_marker *markers, int marker_count);

enum {
    TB_DESKTOP_NONE = 0,
    TB_DESKTOP_QUIT,
    TB_DESKTOP_MOUSE_DOWN,
    TB_DESKTOP_MOUSE_UP,
    TB_DESKTOP_MOUSE_MOVE,
    /// The pointer left the window (a drag goes on: SDL captures the mouse while a button is down).
    TB_DESKTOP_MOUSE_LEFT,
    TB_DESKTOP_FINGER_DOWN,
    TB_DESKTOP_FINGER_UP,
    TB_DESKTOP_FINGER_MOVE,
    TB_DESKTOP_KEY_DOWN,
    TB_DESKTOP_KEY_UP,
    /// The window's size in points changed: width, height.
    TB_DESKTOP_RESIZED,
    /// The window's pixels were lost (uncovered): show the picture again.
    TB_DESKTOP_EXPOSED,
    /// Keyboard focus left the window: keys down will not be heard going up.
    TB_DESKTOP_FOCUS_LOST,
    /// A key by its evdev code (`scancode`), as a Wayland compositor gives it.
    TB_DESKTOP_KEYCODE_DOWN,
    TB_DESKTOP_KEYCODE_UP,
    /// The compositor took the touches down for itself.
    TB_DESKTOP_TOUCHES_CANCELLED,
};

enum {
    TB_DESKTOP_SHIFT = 1,
    TB_DESKTOP_ALT = 2,
};

typedef struct {
    int kind;
    /// Milliseconds since the event was queued, by SDL's clock.
    uint32_t age_ms;
    /// Mouse: points in the window. Finger: fractions (0...1) of the window's width and height;
    /// negative when a finger lifts where it last moved to.
    double x, y;
    /// Mouse: 1 left, 2 middle, 3 right. Finger: its id on its device.
    int64_t button_or_finger;
    /// Keys: the USB HID usage (SDL's scancodes are the keyboard page's), and whether it is a repeat.
    int scancode, repeat;
    /// TB_DESKTOP_SHIFT | TB_DESKTOP_ALT held, for mouse and keys.
    int modifiers;
    /// Resized: the new size in points.
    int width, height;
} tb_desktop_event;

/// Takes the next event for any window, without waiting; 0 when there is none.
int tb_desktop_poll(tb_desktop_event *event);

/// A full-screen window as a Wayland client of the compositor that owns the
/// screen (cage, Weston's kiosk shell), drawn in wl_shm buffers: no SDL, no
/// OpenGL. Touch, pointer and keys come from the compositor's seat.
typedef struct tb_wayland_window tb_wayland_window;

/// Connects to $WAYLAND_DISPLAY and opens the window; NULL with `error` filled.
tb_wayland_window *tb_wayland_window_create(const char *title, const char *app_id, char *error, int error_size);
void tb_wayland_window_destroy(tb_wayland_window *window);
/// The window's size in points, as the compositor configured it.
void tb_wayland_window_size(tb_wayland_window *window, int *width, int *height);
/// The output's refresh rate in hertz; 0 when unknown.
int tb_wayland_window_refresh_rate(tb_wayland_window *window);
int tb_wayland_window_descriptor(tb_wayland_window *window);
/// Why the last call failed.
const char *tb_wayland_window_error(tb_wayland_window *window);
/// Copies the damaged rectangles (and what an older buffer lacks) into a free
/// buffer and commits it, damaged where the picture changed. 0, or -1.
int tb_wayland_window_present(
    tb_wayland_window *window, const void *pixels, int stride, int width, int height, const int *rects, int rect_count);
/// Reads the connection without waiting and takes the next event; 0 when there is none.
int tb_wayland_window_poll(tb_wayland_window *window, tb_desktop_event *event);

#endif
