#include "CDesktopShim.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// SDL's functions, found in the library once it is loaded.
#define TB_SDL_FUNCTIONS(X)                                                                                       \
    X(SDL_Init) X(SDL_GetError) X(SDL_SetHint) X(SDL_GetCurrentVideoDriver) X(SDL_CreateWindow)                   \
    X(SDL_DestroyWindow) X(SDL_GetWindowSize) X(SDL_GetWindowDisplayIndex) X(SDL_GetCurrentDisplayMode)          \
    X(SDL_GetWindowWMInfo) X(SDL_CreateRenderer) X(SDL_DestroyRenderer) X(SDL_GetRendererOutputSize)             \
    X(SDL_CreateTexture) X(SDL_DestroyTexture) X(SDL_UpdateTexture) X(SDL_SetTextureBlendMode) X(SDL_RenderCopy) \
    X(SDL_RenderPresent) X(SDL_PollEvent) X(SDL_GetTicks) X(SDL_GetModState) X(SDL_StopTextInput)                \
    X(SDL_SetRenderDrawColor) X(SDL_RenderClear) X(SDL_GetWindowFlags)

#define TB_DECLARE(name) static __typeof__(name) *tb_##name;
TB_SDL_FUNCTIONS(TB_DECLARE)

static const char *load_error;
static int loaded;
static char message[512];

const char *tb_desktop_open(void) {
    if (loaded) return NULL;
    if (load_error) return load_error;
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
    // Points become whole pixels on a HiDPI desktop: sharp, not blurred.
    tb_SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0");
    if (tb_SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(message, sizeof message, "SDL cannot open a display: %s", tb_SDL_GetError());
        return load_error = message;
    }
    // Keys are read as key codes through the app's keymap: no input method in between.
    tb_SDL_StopTextInput();
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
    SDL_Renderer *renderer;
    SDL_Texture *picture;
    SDL_Texture *disc;
    int picture_width, picture_height;
};

enum { disc_pixels = 64 };
static const double disc_points = 36;

// A grey disc with a darker ring, drawn once: the simulated finger.
static SDL_Texture *make_disc(SDL_Renderer *renderer) {
    SDL_Texture *texture = tb_SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, disc_pixels, disc_pixels);
    if (!texture) return NULL;
    static uint32_t pixels[disc_pixels * disc_pixels];
    const double centre = disc_pixels / 2.0, radius = disc_pixels / 2.0 - 1;
    for (int y = 0; y < disc_pixels; y++) {
        for (int x = 0; x < disc_pixels; x++) {
            double d = hypot(x + 0.5 - centre, y + 0.5 - centre);
            double coverage = fmin(1, fmax(0, radius - d + 0.5));
            double ring = fmin(1, fmax(0, d - (radius - 4) + 0.5)) * coverage;
            double alpha = coverage * 0.35 + ring * 0.4;
            uint32_t grey = (uint32_t)(0x60 * (1 - ring) + 0x20 * ring);
            uint32_t a = (uint32_t)lround(alpha * 255);
            // SDL blends straight (not premultiplied) alpha.
            pixels[y * disc_pixels + x] = (a << 24) | (grey << 16) | (grey << 8) | grey;
        }
    }
    tb_SDL_UpdateTexture(texture, NULL, pixels, disc_pixels * 4);
    tb_SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    return texture;
}

tb_desktop_window *tb_desktop_window_create(const char *title, int width, int height, int fullscreen, int resizable) {
    if (!loaded) return NULL;
    Uint32 flags = SDL_WINDOW_ALLOW_HIGHDPI | (resizable ? SDL_WINDOW_RESIZABLE : 0) | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    SDL_Window *window = tb_SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!window) return NULL;
    // No vertical blank wait: a present must never hold the main thread, where input is read.
    SDL_Renderer *renderer = tb_SDL_CreateRenderer(window, -1, 0);
    if (!renderer) {
        tb_SDL_DestroyWindow(window);
        return NULL;
    }
    tb_desktop_window *result = calloc(1, sizeof *result);
    if (!result) {
        tb_SDL_DestroyRenderer(renderer);
        tb_SDL_DestroyWindow(window);
        return NULL;
    }
    result->window = window;
    result->renderer = renderer;
    result->disc = make_disc(renderer);
    int w = width, h = height;
    if (fullscreen) tb_SDL_GetWindowSize(window, &w, &h);
    if (tb_desktop_window_set_picture_size(result, w, h) != 0) {
        tb_desktop_window_destroy(result);
        return NULL;
    }
    return result;
}

void tb_desktop_window_destroy(tb_desktop_window *window) {
    if (!window) return;
    if (window->picture) tb_SDL_DestroyTexture(window->picture);
    if (window->disc) tb_SDL_DestroyTexture(window->disc);
    tb_SDL_DestroyRenderer(window->renderer);
    tb_SDL_DestroyWindow(window->window);
    free(window);
}

void tb_desktop_window_size(tb_desktop_window *window, int *width, int *height) {
    tb_SDL_GetWindowSize(window->window, width, height);
}

void tb_desktop_window_pixel_size(tb_desktop_window *window, int *width, int *height) {
    if (tb_SDL_GetRendererOutputSize(window->renderer, width, height) != 0) tb_SDL_GetWindowSize(window->window, width, height);
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

int tb_desktop_window_set_picture_size(tb_desktop_window *window, int width, int height) {
    SDL_Texture *picture = tb_SDL_CreateTexture(window->renderer, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STREAMING, width, height);
    if (!picture) return -1;
    if (window->picture) tb_SDL_DestroyTexture(window->picture);
    window->picture = picture;
    window->picture_width = width;
    window->picture_height = height;
    return 0;
}

int tb_desktop_window_present(
    tb_desktop_window *window, const void *pixels, int stride, const int *rects, int rect_count,
    const tb_desktop_marker *markers, int marker_count) {
    for (int i = 0; i < rect_count; i++) {
        SDL_Rect rect = {rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]};
        if (rect.x < 0 || rect.y < 0 || rect.w <= 0 || rect.h <= 0 || rect.x + rect.w > window->picture_width
            || rect.y + rect.h > window->picture_height)
            continue;
        const uint8_t *first = (const uint8_t *)pixels + (size_t)rect.y * stride + (size_t)rect.x * 4;
        if (tb_SDL_UpdateTexture(window->picture, &rect, first, stride) != 0) return -1;
    }
    // The renderer's back buffer is not kept between presents: the whole picture each time.
    tb_SDL_SetRenderDrawColor(window->renderer, 0, 0, 0, 255);
    tb_SDL_RenderClear(window->renderer);
    if (tb_SDL_RenderCopy(window->renderer, window->picture, NULL, NULL) != 0) return -1;
    if (window->disc && marker_count > 0) {
        int output_width, output_height;
        tb_desktop_window_pixel_size(window, &output_width, &output_height);
        double scale = window->picture_width > 0 ? (double)output_width / window->picture_width : 1;
        for (int i = 0; i < marker_count; i++) {
            double size = disc_points * scale;
            SDL_Rect target = {
                (int)lround(markers[i].x * scale - size / 2), (int)lround(markers[i].y * scale - size / 2), (int)lround(size),
                (int)lround(size)};
            tb_SDL_RenderCopy(window->renderer, window->disc, NULL, &target);
            if (markers[i].pressed) tb_SDL_RenderCopy(window->renderer, window->disc, NULL, &target);
        }
    }
    tb_SDL_RenderPresent(window->renderer);
    return 0;
}

static int modifiers(void) {
    SDL_Keymod mod = tb_SDL_GetModState();
    return ((mod & KMOD_SHIFT) ? TB_DESKTOP_SHIFT : 0) | ((mod & KMOD_ALT) ? TB_DESKTOP_ALT : 0);
}

int tb_desktop_poll(tb_desktop_event *out) {
    if (!loaded) return 0;
    SDL_Event event;
    while (tb_SDL_PollEvent(&event)) {
        memset(out, 0, sizeof *out);
        Uint32 now = tb_SDL_GetTicks();
        out->age_ms = now >= event.common.timestamp ? now - event.common.timestamp : 0;
        out->modifiers = modifiers();
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
