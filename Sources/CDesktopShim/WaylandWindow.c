// A full-screen window as a Wayland client of the compositor that owns the
// screen (cage, Weston's kiosk shell): wl_shm buffers in shared memory, only
// the damaged rectangles copied and committed, no OpenGL. Touch, pointer and
// keys come from the compositor's seat; nothing reads /dev/input.
//
// wayland/ holds xdg-shell's glue as wayland-scanner 1.21 makes it from
// Debian's wayland-protocols (stable/xdg-shell/xdg-shell.xml):
//   wayland-scanner client-header xdg-shell.xml wayland/xdg-shell-client-protocol.h
//   wayland-scanner private-code xdg-shell.xml wayland/xdg-shell-protocol.c
#define _GNU_SOURCE
#include "CDesktopShim.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "wayland/xdg-shell-client-protocol.h"

enum { buffer_count = 3, queue_size = 256, history = 2 };

typedef struct {
    struct wl_buffer *buffer;
    void *pixels;
    size_t size;
    int width, height, stride;
    int busy;
    /// The number of the frame whose picture it holds (0: none).
    unsigned long frame;
} shm_buffer;

struct tb_wayland_window {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    struct wl_output *output;
    struct wl_touch *touch;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    int configured, width, height, pending_width, pending_height, refresh_mhz, closed;
    shm_buffer buffers[buffer_count];
    unsigned long frame;
    /// The damage of the last frames, newest first: what a buffer a frame or two old lacks.
    int damage[history][16 * 4];
    int damage_count[history];
    double pointer_x, pointer_y;
    tb_desktop_event queue[queue_size];
    int head, tail;
    char error[256];
};

static void push(tb_wayland_window *w, tb_desktop_event event) {
    int next = (w->tail + 1) % queue_size;
    if (next == w->head) return;  // full: the app is not reading; the newest are dropped
    w->queue[w->tail] = event;
    w->tail = next;
}

static tb_desktop_event event_of(int kind) {
    tb_desktop_event event;
    memset(&event, 0, sizeof event);
    event.kind = kind;
    return event;
}

// MARK: The shell

static void wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial) { xdg_wm_base_pong(base, serial); }
static const struct xdg_wm_base_listener wm_base_listener = {wm_base_ping};

static void xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    tb_wayland_window *w = data;
    xdg_surface_ack_configure(surface, serial);
    int width = w->pending_width > 0 ? w->pending_width : w->width;
    int height = w->pending_height > 0 ? w->pending_height : w->height;
    if (w->configured && (width != w->width || height != w->height)) {
        tb_desktop_event event = event_of(TB_DESKTOP_RESIZED);
        event.width = width;
        event.height = height;
        push(w, event);
    }
    w->width = width;
    w->height = height;
    w->configured = 1;
}
static const struct xdg_surface_listener xdg_surface_listener = {xdg_surface_configure};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height, struct wl_array *states) {
    tb_wayland_window *w = data;
    w->pending_width = width;
    w->pending_height = height;
}
static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
    tb_wayland_window *w = data;
    w->closed = 1;
    push(w, event_of(TB_DESKTOP_QUIT));
}
static const struct xdg_toplevel_listener toplevel_listener = {toplevel_configure, toplevel_close};

// MARK: The output: its size when the compositor leaves it to us, its refresh rate

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph, int32_t subpixel,
    const char *make, const char *model, int32_t transform) {}
static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t width, int32_t height, int32_t refresh) {
    tb_wayland_window *w = data;
    if (!(flags & WL_OUTPUT_MODE_CURRENT)) return;
    if (w->width <= 0) w->width = width;
    if (w->height <= 0) w->height = height;
    w->refresh_mhz = refresh;
}
static void output_done(void *data, struct wl_output *o) {}
static void output_scale(void *data, struct wl_output *o, int32_t factor) {}
static const struct wl_output_listener output_listener = {output_geometry, output_mode, output_done, output_scale};

// MARK: Touch: positions as fractions of the window, as SDL gives a desktop's fingers

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *surface, int32_t id,
    wl_fixed_t x, wl_fixed_t y) {
    tb_wayland_window *w = data;
    tb_desktop_event event = event_of(TB_DESKTOP_FINGER_DOWN);
    event.button_or_finger = id;
    event.x = wl_fixed_to_double(x) / (w->width > 0 ? w->width : 1);
    event.y = wl_fixed_to_double(y) / (w->height > 0 ? w->height : 1);
    push(w, event);
}
static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    tb_wayland_window *w = data;
    tb_desktop_event event = event_of(TB_DESKTOP_FINGER_UP);
    event.button_or_finger = id;
    event.x = event.y = -1;  // where it last moved to
    push(w, event);
}
static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    tb_wayland_window *w = data;
    tb_desktop_event event = event_of(TB_DESKTOP_FINGER_MOVE);
    event.button_or_finger = id;
    event.x = wl_fixed_to_double(x) / (w->width > 0 ? w->width : 1);
    event.y = wl_fixed_to_double(y) / (w->height > 0 ? w->height : 1);
    push(w, event);
}
static void touch_frame(void *data, struct wl_touch *t) {}
static void touch_cancel(void *data, struct wl_touch *t) {
    tb_wayland_window *w = data;
    push(w, event_of(TB_DESKTOP_FOCUS_LOST));
    push(w, event_of(TB_DESKTOP_TOUCHES_CANCELLED));
}
static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation};

// MARK: Pointer: a finger, as in a desktop window

static void pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {
    tb_wayland_window *w = data;
    w->pointer_x = wl_fixed_to_double(x);
    w->pointer_y = wl_fixed_to_double(y);
}
static void pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    push(data, event_of(TB_DESKTOP_MOUSE_LEFT));
}
static void pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    tb_wayland_window *w = data;
    w->pointer_x = wl_fixed_to_double(x);
    w->pointer_y = wl_fixed_to_double(y);
    tb_desktop_event event = event_of(TB_DESKTOP_MOUSE_MOVE);
    event.x = w->pointer_x;
    event.y = w->pointer_y;
    push(w, event);
}
static void pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    tb_wayland_window *w = data;
    tb_desktop_event event = event_of(state == WL_POINTER_BUTTON_STATE_PRESSED ? TB_DESKTOP_MOUSE_DOWN : TB_DESKTOP_MOUSE_UP);
    event.x = w->pointer_x;
    event.y = w->pointer_y;
    // BTN_LEFT, BTN_RIGHT, BTN_MIDDLE as SDL numbers them.
    event.button_or_finger = button == 0x110 ? 1 : button == 0x112 ? 2 : button == 0x111 ? 3 : 0;
    push(w, event);
}
static void pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {}
static const struct wl_pointer_listener pointer_listener = {pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis};

// MARK: Keys: the compositor gives evdev codes; the app's own keymap reads them

static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) { close(fd); }
static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys) {}
static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    push(data, event_of(TB_DESKTOP_FOCUS_LOST));
}
static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    tb_desktop_event event = event_of(state == WL_KEYBOARD_KEY_STATE_PRESSED ? TB_DESKTOP_KEYCODE_DOWN : TB_DESKTOP_KEYCODE_UP);
    event.scancode = (int)key;
    push(data, event);
}
static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed, uint32_t latched,
    uint32_t locked, uint32_t group) {}
static void keyboard_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) {}
static const struct wl_keyboard_listener keyboard_listener = {
    keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    tb_wayland_window *w = data;
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !w->touch) {
        w->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(w->touch, &touch_listener, w);
    }
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !w->pointer) {
        w->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(w->pointer, &pointer_listener, w);
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !w->keyboard) {
        w->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(w->keyboard, &keyboard_listener, w);
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) {}
static const struct wl_seat_listener seat_listener = {seat_capabilities, seat_name};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    tb_wayland_window *w = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0 && !w->compositor) {
        w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, version < 4 ? version : 4);
    } else if (strcmp(interface, wl_shm_interface.name) == 0 && !w->shm) {
        w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !w->wm_base) {
        w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(w->wm_base, &wm_base_listener, w);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !w->seat) {
        w->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(w->seat, &seat_listener, w);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && !w->output) {
        w->output = wl_registry_bind(registry, name, &wl_output_interface, version < 2 ? version : 2);
        wl_output_add_listener(w->output, &output_listener, w);
    }
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {registry_global, registry_remove};

// MARK: Buffers

static void buffer_release(void *data, struct wl_buffer *buffer) { ((shm_buffer *)data)->busy = 0; }
static const struct wl_buffer_listener buffer_listener = {buffer_release};

static void free_buffer(shm_buffer *b) {
    if (b->buffer) wl_buffer_destroy(b->buffer);
    if (b->pixels) munmap(b->pixels, b->size);
    memset(b, 0, sizeof *b);
}

static int make_buffer(tb_wayland_window *w, shm_buffer *b) {
    free_buffer(b);
    b->width = w->width;
    b->height = w->height;
    b->stride = w->width * 4;
    b->size = (size_t)b->stride * w->height;
    int fd = memfd_create("touchbridge-window", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)b->size) != 0) {
        snprintf(w->error, sizeof w->error, "cannot make a %dx%d buffer in shared memory: %s", w->width, w->height, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    b->pixels = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (b->pixels == MAP_FAILED) {
        b->pixels = NULL;
        close(fd);
        snprintf(w->error, sizeof w->error, "cannot map a %dx%d buffer: %s", w->width, w->height, strerror(errno));
        return -1;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(w->shm, fd, (int32_t)b->size);
    b->buffer = wl_shm_pool_create_buffer(pool, 0, w->width, w->height, b->stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    wl_buffer_add_listener(b->buffer, &buffer_listener, b);
    return 0;
}

// MARK: The window

void tb_wayland_window_destroy(tb_wayland_window *w) {
    if (!w) return;
    for (int i = 0; i < buffer_count; i++) free_buffer(&w->buffers[i]);
    if (w->toplevel) xdg_toplevel_destroy(w->toplevel);
    if (w->xdg_surface) xdg_surface_destroy(w->xdg_surface);
    if (w->surface) wl_surface_destroy(w->surface);
    if (w->touch) wl_touch_destroy(w->touch);
    if (w->pointer) wl_pointer_destroy(w->pointer);
    if (w->keyboard) wl_keyboard_destroy(w->keyboard);
    if (w->seat) wl_seat_destroy(w->seat);
    if (w->output) wl_output_destroy(w->output);
    if (w->wm_base) xdg_wm_base_destroy(w->wm_base);
    if (w->shm) wl_shm_destroy(w->shm);
    if (w->compositor) wl_compositor_destroy(w->compositor);
    if (w->registry) wl_registry_destroy(w->registry);
    if (w->display) wl_display_disconnect(w->display);
    free(w);
}

tb_wayland_window *tb_wayland_window_create(const char *title, const char *app_id, char *error, int error_size) {
    tb_wayland_window *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->display = wl_display_connect(NULL);
    if (!w->display) {
        snprintf(error, error_size, "no Wayland compositor to connect to (WAYLAND_DISPLAY=%s, XDG_RUNTIME_DIR=%s)",
            getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "unset", getenv("XDG_RUNTIME_DIR") ? getenv("XDG_RUNTIME_DIR") : "unset");
        free(w);
        return NULL;
    }
    w->registry = wl_display_get_registry(w->display);
    wl_registry_add_listener(w->registry, &registry_listener, w);
    wl_display_roundtrip(w->display);
    wl_display_roundtrip(w->display);  // the seat's capabilities and the output's mode
    const char *missing = !w->compositor ? "wl_compositor" : !w->shm ? "wl_shm" : !w->wm_base ? "xdg_wm_base" : NULL;
    if (missing) {
        snprintf(error, error_size, "the Wayland compositor offers no %s", missing);
        tb_wayland_window_destroy(w);
        return NULL;
    }
    w->surface = wl_compositor_create_surface(w->compositor);
    w->xdg_surface = xdg_wm_base_get_xdg_surface(w->wm_base, w->surface);
    xdg_surface_add_listener(w->xdg_surface, &xdg_surface_listener, w);
    w->toplevel = xdg_surface_get_toplevel(w->xdg_surface);
    xdg_toplevel_add_listener(w->toplevel, &toplevel_listener, w);
    xdg_toplevel_set_title(w->toplevel, title);
    xdg_toplevel_set_app_id(w->toplevel, app_id);
    xdg_toplevel_set_fullscreen(w->toplevel, NULL);
    wl_surface_commit(w->surface);
    for (int i = 0; i < 50 && !w->configured; i++) {
        if (wl_display_roundtrip(w->display) < 0) break;
    }
    if (!w->configured || w->width <= 0 || w->height <= 0) {
        snprintf(error, error_size, "the Wayland compositor gave the window no size");
        tb_wayland_window_destroy(w);
        return NULL;
    }
    return w;
}

void tb_wayland_window_size(tb_wayland_window *w, int *width, int *height) {
    *width = w->width;
    *height = w->height;
}

int tb_wayland_window_refresh_rate(tb_wayland_window *w) { return (w->refresh_mhz + 500) / 1000; }

int tb_wayland_window_descriptor(tb_wayland_window *w) { return wl_display_get_fd(w->display); }

const char *tb_wayland_window_error(tb_wayland_window *w) { return w->error; }

int tb_wayland_window_present(tb_wayland_window *w, const void *pixels, int stride, int width, int height, const int *rects, int rect_count) {
    if (width != w->width || height != w->height) {
        snprintf(w->error, sizeof w->error, "the picture is %dx%d, the window %dx%d", width, height, w->width, w->height);
        return -1;
    }
    if (rect_count > 16) rect_count = 16;
    shm_buffer *b = NULL;
    for (int i = 0; i < buffer_count && !b; i++) {
        if (!w->buffers[i].busy && w->buffers[i].width == width && w->buffers[i].height == height) b = &w->buffers[i];
    }
    for (int i = 0; i < buffer_count && !b; i++) {
        if (!w->buffers[i].busy) {
            if (make_buffer(w, &w->buffers[i]) != 0) return -1;
            b = &w->buffers[i];
        }
    }
    if (!b) {
        snprintf(w->error, sizeof w->error, "the compositor holds all %d buffers", buffer_count);
        return -1;
    }
    unsigned long age = b->frame ? w->frame + 1 - b->frame : 0;
    // What this buffer lacks: the whole picture if it is new or too old, else this frame's
    // damage and that of the frames since it was shown.
    int whole[4] = {0, 0, width, height};
    const int *copy_lists[1 + history] = {rects};
    int copy_counts[1 + history] = {rect_count};
    int lists = 1;
    if (age == 0 || age > history + 1) {
        copy_lists[0] = whole;
        copy_counts[0] = 1;
    } else {
        for (unsigned long i = 0; i + 1 < age; i++) {
            copy_lists[lists] = w->damage[i];
            copy_counts[lists] = w->damage_count[i];
            lists++;
        }
    }
    for (int l = 0; l < lists; l++) {
        for (int i = 0; i < copy_counts[l]; i++) {
            int x = copy_lists[l][4 * i], y = copy_lists[l][4 * i + 1], rw = copy_lists[l][4 * i + 2], rh = copy_lists[l][4 * i + 3];
            if (x < 0 || y < 0 || rw <= 0 || rh <= 0 || x + rw > width || y + rh > height) continue;
            for (int row = y; row < y + rh; row++) {
                memcpy((uint8_t *)b->pixels + (size_t)row * b->stride + (size_t)x * 4,
                    (const uint8_t *)pixels + (size_t)row * stride + (size_t)x * 4, (size_t)rw * 4);
            }
        }
    }
    // The history moves on: this frame's damage is the newest.
    for (int i = history - 1; i > 0; i--) {
        memcpy(w->damage[i], w->damage[i - 1], sizeof w->damage[i]);
        w->damage_count[i] = w->damage_count[i - 1];
    }
    memcpy(w->damage[0], rects, (size_t)rect_count * 4 * sizeof(int));
    w->damage_count[0] = rect_count;
    w->frame++;
    b->frame = w->frame;
    b->busy = 1;
    wl_surface_attach(w->surface, b->buffer, 0, 0);
    for (int i = 0; i < rect_count; i++) wl_surface_damage_buffer(w->surface, rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]);
    if (age == 0) wl_surface_damage_buffer(w->surface, 0, 0, width, height);
    wl_surface_commit(w->surface);
    if (wl_display_flush(w->display) < 0 && errno != EAGAIN) {
        snprintf(w->error, sizeof w->error, "the Wayland compositor went away: %s", strerror(errno));
        return -1;
    }
    return 0;
}

int tb_wayland_window_poll(tb_wayland_window *w, tb_desktop_event *event) {
    if (w->head == w->tail) {
        // Read what the connection holds, without waiting, and run the listeners.
        while (wl_display_prepare_read(w->display) != 0) wl_display_dispatch_pending(w->display);
        wl_display_flush(w->display);
        struct pollfd ready = {wl_display_get_fd(w->display), POLLIN, 0};
        if (poll(&ready, 1, 0) > 0) {
            if (wl_display_read_events(w->display) < 0 && w->head == w->tail) {
                push(w, event_of(TB_DESKTOP_QUIT));  // the compositor went away
            }
        } else {
            wl_display_cancel_read(w->display);
        }
        wl_display_dispatch_pending(w->display);
        // What the listeners asked for goes out now: a touchscreen plugged in gives the seat
        // touch, and until our wl_touch request reaches the compositor its touches go nowhere.
        wl_display_flush(w->display);
    }
    if (w->head == w->tail) return 0;
    *event = w->queue[w->head];
    w->head = (w->head + 1) % queue_size;
    return 1;
}
