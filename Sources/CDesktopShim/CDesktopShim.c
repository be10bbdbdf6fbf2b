#include "CDesktopShim.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// SDL's functions, found in the library once it is loaded.
#define TB_SDL_FUNCTIONS(X)                                                                                   \
    X(SDL_Init) X(SDL_GetError) X(SDL_SetHint) X(SDL_GetCurrentVideoDriver) X(SDL_CreateWindow)               \
    X(SDL_DestroyWindow) X(SDL_GetWindowSize) X(SDL_GetWindowDisplayIndex) X(SDL_GetCurrentDisplayMode)      \
    X(SDL_GetWindowWMInfo) X(SDL_GetWindowSurface) X(SDL_UpdateWindowSurfaceRects) X(SDL_ConvertPixels)      \
    X(SDL_CreateRGBSurfaceWithFormat) X(SDL_CreateRGBSurfaceWithFormatFrom) X(SDL_FreeSurface)               \
    X(SDL_UpperBlitScaled) X(SDL_SetSurfaceBlendMode) X(SDL_LockSurface) X(SDL_UnlockSurface) X(SDL_PollEvent) \
    X(SDL_GetTicks) X(SDL_GetModState) X(SDL_StopTextInput) X(SDL_PumpEvents) X(SDL_Quit)

#define TB_DECLARE(name) static __typeof__(name) *tb_##name;
TB_SDL_FUNCTIONS(TB_DECLARE)

static const char *load_error;
static int loaded;
static char message[512];

const char *tb_desktop_open(void) {
    if (loaded) return NULL;
    if (load_error) return load_error;
    const char *x11 = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    if (!getenv("SDL_VIDEODRIVER") && !(x11 && *x11) && !(wayland && *wayland)) {
        snprintf(message, sizeof message, "no desktop to open a window on (DISPLAY and WAYLAND_DISPLAY are not set)");
        return load_error = message;
    }
    void *library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, sizeof message, "cannot load SDL 2 (%s); install Debian's libsdl2-2.0-0", dlerror());
        return load_error = message;
    }
#define TB_LOAD(name)                                                                           \
    tb_##name = (__typeof__(name) *)dlsym(library, #name);                                      \
    if (!tb_##name) {                                                                           \
        snprintf(message, sizeof message, "the SDL 2 library found has no %s: too old", #name); \
        return load_error = message;                                                            \
    }
    TB_SDL_FUNCTIONS(TB_LOAD)
    // The host handles SIGINT and SIGTERM itself; real touches are fingers, not a mouse, and
    // a mouse is not a touch unless we say so; a preview must not keep the screensaver off.
    tb_SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    tb_SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    tb_SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
    tb_SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
    tb_SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    // A drag that leaves the window goes on, as a finger sliding off a panel's edge does.
    tb_SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, "1");
    if (tb_SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(message, sizeof message, "SDL cannot open a display: %s", tb_SDL_GetError());
        return load_error = message;
    }
    // With no desktop SDL falls back on drivers that show nothing (offscreen, dummy): a
    // preview no one can see is an error, unless SDL_VIDEODRIVER asked for one.
    const char *chosen = tb_SDL_GetCurrentVideoDriver();
    if (!getenv("SDL_VIDEODRIVER") && chosen && (strcmp(chosen, "offscreen") == 0 || strcmp(chosen, "dummy") == 0)) {
        tb_SDL_Quit();
        snprintf(message, sizeof message, "no desktop to open a window on (DISPLAY and WAYLAND_DISPLAY are not set)");
        return load_error = message;
    }
    // Keys are read as key codes through the app's keymap: no input method in between.
    tb_SDL_StopTextInput();
    // On X11 the window's pixels go straight to the server (MIT-SHM), only the
    // rectangles that changed. SDL would otherwise draw the whole window through
    // OpenGL each frame: Mesa's software rasterizer where there is no GPU, several
    // milliseconds a frame. Wayland has no such path; SDL's default stays there.
    const char *driver = tb_SDL_GetCurrentVideoDriver();
    if (driver && strcmp(driver, "x11") == 0) tb_SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    loaded = 1;
    return NULL;
}

const char *tb_desktop_video_driver(void) {
    const char *name = loaded ? tb_SDL_GetCurrentVideoDriver() : NULL;
    return name ? name : "none";
}

const char *tb_desktop_error(void) { return loaded ? tb_SDL_GetError() : (load_error ? load_error : "SDL is not loaded"); }

struct tb_desktop_window {
    SDL_Window *window;
    SDL_Surface *disc;
    /// The discs over the picture now: where it must be put back when they move.
    tb_desktop_marker shown[TB_DESKTOP_MARKERS_MAX];
    int shown_count;
};

enum { disc_pixels = 64 };
static const double disc_points = 36;

// A grey disc with a darker ring, drawn once: the simulated finger.
static SDL_Surface *make_disc(void) {
    SDL_Surface *disc = tb_SDL_CreateRGBSurfaceWithFormat(0, disc_pixels, disc_pixels, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!disc) return NULL;
    const double centre = disc_pixels / 2.0, radius = disc_pixels / 2.0 - 1;
    for (int y = 0; y < disc_pixels; y++) {
        uint32_t *row = (uint32_t *)((uint8_t *)disc->pixels + y * disc->pitch);
        for (int x = 0; x < disc_pixels; x++) {
            double d = hypot(x + 0.5 - centre, y + 0.5 - centre);
            double coverage = fmin(1, fmax(0, radius - d + 0.5));
            double ring = fmin(1, fmax(0, d - (radius - 4) + 0.5)) * coverage;
            double alpha = coverage * 0.35 + ring * 0.4;
            uint32_t grey = (uint32_t)(0x60 * (1 - ring) + 0x20 * ring);
            // SDL blends straight (not premultiplied) alpha.
            row[x] = ((uint32_t)lround(alpha * 255) << 24) | (grey << 16) | (grey << 8) | grey;
        }
    }
    tb_SDL_SetSurfaceBlendMode(disc, SDL_BLENDMODE_BLEND);
    return disc;
}

tb_desktop_window *tb_desktop_window_create(const char *title, int width, int height, int fullscreen, int resizable) {
    if (!loaded) return NULL;
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI | (resizable ? SDL_WINDOW_RESIZABLE : 0) | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    SDL_Window *window = tb_SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!window) return NULL;
    tb_desktop_window *result = calloc(1, sizeof *result);
    if (!result) {
        tb_SDL_DestroyWindow(window);
        return NULL;
    }
    result->window = window;
    result->disc = make_disc();
    // A full-screen window's size comes with the compositor's first configure: taken in now,
    // so the picture is made at it (the events stay queued for tb_desktop_poll).
    tb_SDL_PumpEvents();
    return result;
}

void tb_desktop_window_destroy(tb_desktop_window *window) {
    if (!window) return;
    if (window->disc) tb_SDL_FreeSurface(window->disc);
    tb_SDL_DestroyWindow(window->window);
    free(window);
}

void tb_desktop_window_size(tb_desktop_window *window, int *width, int *height) {
    tb_SDL_GetWindowSize(window->window, width, height);
}

void tb_desktop_window_pixel_size(tb_desktop_window *window, int *width, int *height) {
    SDL_Surface *surface = tb_SDL_GetWindowSurface(window->window);
    if (surface) {
        *width = surface->w;
        *height = surface->h;
    } else {
        tb_SDL_GetWindowSize(window->window, width, height);
    }
}

int tb_desktop_window_refresh_rate(tb_desktop_window *window) {
    SDL_DisplayMode mode;
    int display = tb_SDL_GetWindowDisplayIndex(window->window);
    if (display < 0 || tb_SDL_GetCurrentDisplayMode(display, &mode) != 0) return 0;
    return mode.refresh_rate;
}

int tb_desktop_window_descriptor(tb_desktop_window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!tb_SDL_GetWindowWMInfo(window->window, &info)) return -1;
    switch (info.subsystem) {
    case SDL_SYSWM_X11:
        return ConnectionNumber(info.info.x11.display);
    case SDL_SYSWM_WAYLAND: {
        // SDL loaded libwayland-client itself; ask that copy.
        void *wayland = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_NOLOAD);
        int (*get_fd)(struct wl_display *) = wayland ? (int (*)(struct wl_display *))dlsym(wayland, "wl_display_get_fd") : NULL;
        int fd = get_fd ? get_fd(info.info.wl.display) : -1;
        if (wayland) dlclose(wayland);
        return fd;
    }
    default:
        return -1;
    }
}

void tb_desktop_window_forget_markers(tb_desktop_window *window) { window->shown_count = 0; }

// Where a disc lands, in the window surface's pixels.
static SDL_Rect disc_rect(tb_desktop_marker marker, double scale) {
    double size = disc_points * scale;
    SDL_Rect rect = {(int)lround(marker.x * scale - size / 2), (int)lround(marker.y * scale - size / 2), (int)lround(size), (int)lround(size)};
    return rect;
}

static int clip(SDL_Rect *rect, int width, int height) {
    int x0 = rect->x < 0 ? 0 : rect->x, y0 = rect->y < 0 ? 0 : rect->y;
    int x1 = rect->x + rect->w > width ? width : rect->x + rect->w, y1 = rect->y + rect->h > height ? height : rect->y + rect->h;
    if (x1 <= x0 || y1 <= y0) return 0;
    *rect = (SDL_Rect){x0, y0, x1 - x0, y1 - y0};
    return 1;
}

int tb_desktop_window_present(
    tb_desktop_window *window, const void *pixels, int stride, int pw, int ph, const int *rects, int rect_count,
    const tb_desktop_marker *markers, int marker_count) {
    SDL_Surface *surface = tb_SDL_GetWindowSurface(window->window);
    if (!surface) return -1;
    if (marker_count > TB_DESKTOP_MARKERS_MAX) marker_count = TB_DESKTOP_MARKERS_MAX;
    if (rect_count > 16) rect_count = 16;  // Region.limit: past it, the rectangles that erase old discs would be dropped
    const int same_size = surface->w == pw && surface->h == ph;
    const double scale = pw > 0 ? (double)surface->w / pw : 1;
    enum { most = 16 + 2 * TB_DESKTOP_MARKERS_MAX };
    SDL_Rect update[most];
    int count = 0;
    if (same_size) {
        // The damage, and the picture back where discs were and will be (in points, here pixels).
        for (int i = 0; i < rect_count && count < most; i++) {
            SDL_Rect rect = {rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]};
            if (clip(&rect, pw, ph)) update[count++] = rect;
        }
        for (int i = 0; i < window->shown_count && count < most; i++) {
            SDL_Rect rect = disc_rect(window->shown[i], 1);
            if (clip(&rect, pw, ph)) update[count++] = rect;
        }
        for (int i = 0; i < marker_count && count < most; i++) {
            SDL_Rect rect = disc_rect(markers[i], 1);
            if (clip(&rect, pw, ph)) update[count++] = rect;
        }
    }
    if (SDL_MUSTLOCK(surface) && tb_SDL_LockSurface(surface) != 0) return -1;
    int status = 0;
    if (same_size) {
        for (int i = 0; i < count && status == 0; i++) {
            SDL_Rect r = update[i];
            const uint8_t *from = (const uint8_t *)pixels + (size_t)r.y * stride + (size_t)r.x * 4;
            uint8_t *to = (uint8_t *)surface->pixels + (size_t)r.y * surface->pitch + (size_t)r.x * surface->format->BytesPerPixel;
            status = tb_SDL_ConvertPixels(r.w, r.h, SDL_PIXELFORMAT_RGB888, from, stride, surface->format->format, to, surface->pitch);
        }
    }
    if (SDL_MUSTLOCK(surface)) tb_SDL_UnlockSurface(surface);
    if (!same_size) {
        // A HiDPI window (or one not yet drawn at its new size): the whole picture, scaled.
        SDL_Surface *picture = tb_SDL_CreateRGBSurfaceWithFormatFrom((void *)pixels, pw, ph, 32, stride, SDL_PIXELFORMAT_RGB888);
        if (!picture) return -1;
        status = tb_SDL_UpperBlitScaled(picture, NULL, surface, NULL);
        tb_SDL_FreeSurface(picture);
        update[0] = (SDL_Rect){0, 0, surface->w, surface->h};
        count = 1;
    }
    if (status != 0) return -1;
    if (window->disc) {
        for (int i = 0; i < marker_count; i++) {
            // A blit clips the rectangle it is given: each gets its own copy.
            SDL_Rect rect = disc_rect(markers[i], scale), again = rect;
            tb_SDL_UpperBlitScaled(window->disc, NULL, surface, &rect);
            if (markers[i].pressed) tb_SDL_UpperBlitScaled(window->disc, NULL, surface, &again);
        }
    }
    for (int i = 0; i < marker_count; i++) window->shown[i] = markers[i];
    window->shown_count = marker_count;
    if (count == 0) return 0;
    return tb_SDL_UpdateWindowSurfaceRects(window->window, update, count) == 0 ? 0 : -1;
}

// The modifiers as of the event being handed out, from the key events in order:
// SDL's own state is the one after the last event it has read, which may be ahead.
static int current_modifiers = -1;

static int modifiers_of(SDL_Keymod mod) {
    return ((mod & KMOD_SHIFT) ? TB_DESKTOP_SHIFT : 0) | ((mod & KMOD_ALT) ? TB_DESKTOP_ALT : 0);
}

int tb_desktop_poll(tb_desktop_event *out) {
    if (!loaded) return 0;
    SDL_Event event;
    while (tb_SDL_PollEvent(&event)) {
        memset(out, 0, sizeof *out);
        Uint32 now = tb_SDL_GetTicks();
        out->age_ms = now >= event.common.timestamp ? now - event.common.timestamp : 0;
        if (current_modifiers < 0) current_modifiers = modifiers_of(tb_SDL_GetModState());
        if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) current_modifiers = modifiers_of(event.key.keysym.mod);
        out->modifiers = current_modifiers;
        switch (event.type) {
        case SDL_QUIT:
            out->kind = TB_DESKTOP_QUIT;
            return 1;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
            if (event.button.which == SDL_TOUCH_MOUSEID) continue;
            out->kind = event.type == SDL_MOUSEBUTTONDOWN ? TB_DESKTOP_MOUSE_DOWN : TB_DESKTOP_MOUSE_UP;
            out->x = event.button.x;
            out->y = event.button.y;
            out->button_or_finger = event.button.button;
            return 1;
        case SDL_MOUSEMOTION:
            if (event.motion.which == SDL_TOUCH_MOUSEID) continue;
            out->kind = TB_DESKTOP_MOUSE_MOVE;
            out->x = event.motion.x;
            out->y = event.motion.y;
            return 1;
        case SDL_FINGERDOWN:
        case SDL_FINGERUP:
        case SDL_FINGERMOTION: {
            // Fingers come as fractions of the window's width and height.
            out->kind = event.type == SDL_FINGERDOWN ? TB_DESKTOP_FINGER_DOWN
                : event.type == SDL_FINGERUP         ? TB_DESKTOP_FINGER_UP
                                                     : TB_DESKTOP_FINGER_MOVE;
            out->x = event.tfinger.x;
            out->y = event.tfinger.y;
            out->button_or_finger = event.tfinger.fingerId;
            return 1;
        }
        case SDL_KEYDOWN:
        case SDL_KEYUP:
            out->kind = event.type == SDL_KEYDOWN ? TB_DESKTOP_KEY_DOWN : TB_DESKTOP_KEY_UP;
            out->scancode = event.key.keysym.scancode;
            out->repeat = event.key.repeat;
            return 1;
        case SDL_WINDOWEVENT:
            switch (event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                out->kind = TB_DESKTOP_RESIZED;
                out->width = event.window.data1;
                out->height = event.window.data2;
                return 1;
            case SDL_WINDOWEVENT_EXPOSED:
                out->kind = TB_DESKTOP_EXPOSED;
                return 1;
            case SDL_WINDOWEVENT_LEAVE:
                out->kind = TB_DESKTOP_MOUSE_LEFT;
                return 1;
            case SDL_WINDOWEVENT_FOCUS_LOST:
                out->kind = TB_DESKTOP_FOCUS_LOST;
                return 1;
            case SDL_WINDOWEVENT_CLOSE:
                out->kind = TB_DESKTOP_QUIT;
                return 1;
            default:
                continue;
            }
        default:
            continue;
        }
    }
    return 0;
}
