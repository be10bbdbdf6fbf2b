#include "CVNCShim.h"

#include <rfb/rfb.h>
#include <arpa/inet.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libvncserver's functions, found in the library once it is loaded.
#define TB_VNC_FUNCTIONS(X)                                                                            \
    X(rfbGetScreen) X(rfbInitServerWithPthreadsAndZRLE) X(rfbProcessEvents) X(rfbMarkRectAsModified) \
    X(rfbShutdownServer) X(rfbScreenCleanup) X(rfbCheckPasswordByList) X(rfbEncryptAndStorePasswd)  \
    X(rfbDecryptPasswdFromFile)

#define TB_DECLARE(name) static __typeof__(name) *tb_##name;
TB_VNC_FUNCTIONS(TB_DECLARE)
static rfbLogProc *tb_rfbLog, *tb_rfbErr;

static const char *load_error;
static int loaded;
static char message[512];

static const char *load(void) {
    if (loaded) return NULL;
    if (load_error) return load_error;
    void *library = dlopen("libvncserver.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(message, sizeof message, "cannot load libvncserver (%s); install Debian's libvncserver1", dlerror());
        return load_error = message;
    }
#define TB_LOAD(name)                                                                                \
    tb_##name = (__typeof__(name) *)dlsym(library, #name);                                           \
    if (!tb_##name) {                                                                                \
        snprintf(message, sizeof message, "the libvncserver found has no %s: not 0.9.14's build", #name); \
        return load_error = message;                                                                 \
    }
    TB_VNC_FUNCTIONS(TB_LOAD)
    tb_rfbLog = (rfbLogProc *)dlsym(library, "rfbLog");
    tb_rfbErr = (rfbLogProc *)dlsym(library, "rfbErr");
    if (!tb_rfbLog || !tb_rfbErr) {
        snprintf(message, sizeof message, "the libvncserver found has no rfbLog: not 0.9.14's build");
        return load_error = message;
    }
    loaded = 1;
    return NULL;
}

struct tb_vnc {
    rfbScreenInfoPtr screen;
    tb_vnc_callbacks callbacks;
    char *passwords[2];
};

// libvncserver logs through two global function pointers: one server a process.
static tb_vnc *logging;

static void log_line(int is_error, const char *format, va_list arguments) {
    if (!logging || !logging->callbacks.log) return;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t length = strlen(line);
    while (length > 0 && line[length - 1] == '\n') line[--length] = 0;
    logging->callbacks.log(logging->callbacks.context, is_error, line);
}

static void log_info(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    log_line(0, format, arguments);
    va_end(arguments);
}

static void log_error(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    log_line(1, format, arguments);
    va_end(arguments);
}

static tb_vnc *owner(rfbClientPtr client) { return (tb_vnc *)client->screen->screenData; }

static void pointer_event(int buttons, int x, int y, rfbClientPtr client) {
    tb_vnc *vnc = owner(client);
    if (vnc->callbacks.pointer) vnc->callbacks.pointer(vnc->callbacks.context, buttons, x, y);
}

static void key_event(rfbBool down, rfbKeySym keysym, rfbClientPtr client) {
    tb_vnc *vnc = owner(client);
    if (vnc->callbacks.key) vnc->callbacks.key(vnc->callbacks.context, down, (uint32_t)keysym);
}

static void client_gone(rfbClientPtr client) {
    tb_vnc *vnc = owner(client);
    int fd = (int)(intptr_t)client->clientData;
    if (vnc->callbacks.disconnected) vnc->callbacks.disconnected(vnc->callbacks.context, fd, client->host ? client->host : "?");
}

static enum rfbNewClientAction new_client(rfbClientPtr client) {
    tb_vnc *vnc = owner(client);
    // The socket is closed (and -1 here) by the time the client is gone: keep its number.
    client->clientData = (void *)(intptr_t)client->sock;
    client->clientGoneHook = client_gone;
    if (vnc->callbacks.connected) vnc->callbacks.connected(vnc->callbacks.context, client->sock, client->host ? client->host : "?");
    return RFB_CLIENT_ACCEPT;
}

tb_vnc *tb_vnc_start(int width, int height, const char *address, int port, int listening, const char *password,
                     tb_vnc_callbacks callbacks, const char **error) {
    if ((*error = load())) return NULL;
    tb_vnc *vnc = calloc(1, sizeof *vnc);
    vnc->callbacks = callbacks;
    logging = vnc;
    *tb_rfbLog = log_info;
    *tb_rfbErr = log_error;
    int argc = 0;
    rfbScreenInfoPtr screen = tb_rfbGetScreen(&argc, NULL, width, height, 8, 3, 4);
    if (!screen) {
        free(vnc);
        *error = "libvncserver could not make a screen";
        return NULL;
    }
    vnc->screen = screen;
    screen->screenData = vnc;
    screen->desktopName = "TouchBridge";
    // cairo's ARGB32: 0xAARRGGBB in the machine's byte order.
    screen->serverFormat.redShift = 16;
    screen->serverFormat.greenShift = 8;
    screen->serverFormat.blueShift = 0;
    screen->frameBuffer = calloc((size_t)width * height, 4);
    // No arrow drawn into the picture (libvncserver's default): a panel has no pointer,
    // and the viewer shows its own.
    screen->cursor = NULL;
    screen->alwaysShared = TRUE;
    // The server runs on the app's main thread: a peer that stops halfway through a
    // message holds it this long between reads (libvncserver's default is 20 s). A
    // peer that stops reading still holds a write up to 5 s: libvncserver's own wait.
    screen->maxClientWait = 500;
    // Updates go when the picture is presented: no 5 ms wait for more.
    screen->deferUpdateTime = 0;
    screen->deferPtrUpdateTime = 0;
    screen->autoPort = FALSE;
    screen->httpPort = 0;
    screen->httpDir = NULL;
    screen->ptrAddEvent = pointer_event;
    screen->kbdAddEvent = key_event;
    screen->newClientHook = new_client;
    if (listening >= 0) {
        // Listened on by someone else: libvncserver makes no socket of its own.
        screen->port = 0;
        screen->ipv6port = 0;
    } else if (strchr(address, ':')) {
        // IPv6: only on that address.
        screen->port = 0;
        screen->ipv6port = port;
        screen->listen6Interface = strdup(address);
    } else {
        struct in_addr parsed;
        if (inet_pton(AF_INET, address, &parsed) != 1) {
            snprintf(message, sizeof message, "'%s' is not an IP address", address);
            *error = message;
            tb_vnc_stop(vnc);
            return NULL;
        }
        screen->listenInterface = parsed.s_addr;
        screen->port = port;
        screen->ipv6port = 0;  // libvncserver would also listen on every IPv6 address
    }
    if (password) {
        vnc->passwords[0] = strdup(password);
        screen->authPasswdData = vnc->passwords;
        screen->passwordCheck = tb_rfbCheckPasswordByList;
    }
    tb_rfbInitServerWithPthreadsAndZRLE(screen);
    if (listening >= 0) {
        screen->listenSock = listening;
        FD_SET(listening, &screen->allFds);
        if (listening > screen->maxFd) screen->maxFd = listening;
        fcntl(listening, F_SETFL, fcntl(listening, F_GETFL) | O_NONBLOCK);
    }
    if (tb_vnc_listen_fd(vnc) < 0) {
        snprintf(message, sizeof message, "cannot listen on %s port %d (in use, or not an address of this machine)", address, port);
        *error = message;
        tb_vnc_stop(vnc);
        return NULL;
    }
    return vnc;
}

int tb_vnc_listen_fd(tb_vnc *vnc) {
    return vnc->screen->ipv6port > 0 ? (int)vnc->screen->listen6Sock : (int)vnc->screen->listenSock;
}

void tb_vnc_process(tb_vnc *vnc) { tb_rfbProcessEvents(vnc->screen, 0); }

uint8_t *tb_vnc_pixels(tb_vnc *vnc) { return (uint8_t *)vnc->screen->frameBuffer; }

int tb_vnc_stride(tb_vnc *vnc) { return vnc->screen->paddedWidthInBytes; }

void tb_vnc_mark(tb_vnc *vnc, int x, int y, int width, int height) {
    tb_rfbMarkRectAsModified(vnc->screen, x, y, x + width, y + height);
}

void tb_vnc_stop(tb_vnc *vnc) {
    if (!vnc) return;
    if (vnc->screen) {
        char *pixels = vnc->screen->frameBuffer, *interface = vnc->screen->listen6Interface;
        tb_rfbShutdownServer(vnc->screen, TRUE);
        tb_rfbScreenCleanup(vnc->screen);  // frees the screen, not what we gave it
        free(pixels);
        free(interface);
    }
    free(vnc->passwords[0]);
    if (logging == vnc) logging = NULL;
    free(vnc);
}

char *tb_vnc_read_password(const char *file, const char **error) {
    if ((*error = load())) return NULL;
    char *password = tb_rfbDecryptPasswdFromFile((char *)file);
    if (!password || !*password) {
        free(password);
        *error = "cannot be read as a vncpasswd file (make one with vncpasswd FILE)";
        return NULL;
    }
    return password;
}

int tb_vnc_store_password(const char *password, const char *file, const char **error) {
    if ((*error = load())) return -1;
    if (tb_rfbEncryptAndStorePasswd((char *)password, (char *)file) != 0) {
        *error = "cannot be written";
        return -1;
    }
    return 0;
}
