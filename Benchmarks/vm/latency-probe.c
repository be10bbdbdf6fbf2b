// latency-probe: measures, on a real kernel, how long a touch frame takes
// from the uinput write of its SYN_REPORT to a line printed by a reader of
// the device (touchbridge's app handler, or libinput debug-events), and how
// much CPU and memory the reader uses idle and under load.
//
//   latency-probe latency FRAMES MATCH -- COMMAND...
//       Makes a 10-slot touchscreen, starts COMMAND with its output on a pty
//       (so it is line-buffered, whatever the program), waits for it to open
//       the device, then moves one finger FRAMES times, 100 a second. After
//       each SYN_REPORT it waits for a line containing MATCH and prints
//       "latency-us N" for the time between (CLOCK_MONOTONIC). With
//       LATENCY_PROBE_ECHO set, each matched line is printed too ("line ...").
//   latency-probe photon FINGERS FRAMES HZ X0,Y0,X1,Y1 -- COMMAND...
//       Touch to photon. Makes a touchscreen whose units are /dev/fb0's
//       pixels, starts COMMAND with PHOTON_DEVICE set to its node, primes
//       it with a touch until the screen answers, then moves FINGERS fingers
//       right in rows inside the rectangle, 6 px a frame, HZ frames a second,
//       until FRAMES frames are written. The reader is expected to show a
//       disc of radius 22 px under each finger. For each frame the probe
//       watches, in the framebuffer's memory (on the page panned into view,
//       when the reader double-buffers), the pixel 14 px right of and
//       14 px above each finger's new position: outside the disc the frame
//       before left, inside the new one. The frame is shown when that pixel
//       has changed under every finger ("photon-us N", from the write of the
//       SYN_REPORT); unseen after 250 ms it is missed ("missed N"): a reader
//       that skips frames (drawing only the newest of several) may never
//       show that place at all. Every waiting frame is checked on every
//       turn, since a disc covers a frame's pixel only until it moves on. Last it
//       prints the reader's CPU time per frame ("cpu-us-per-frame N"), its
//       kernel part ("cpu-system-us-per-frame N") and the reader's context
//       switches per frame ("switches-per-frame N").
//   latency-probe load SECONDS -- COMMAND...
//       The same device and reader, idle for SECONDS, then ten fingers moving
//       at 120 Hz for SECONDS. Prints the reader's CPU time, RSS and context
//       switches for each phase ("idle ..." and "load ...").
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <linux/fb.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int uinput;
static int reader_fd;
static pid_t reader_pid;
static char buffer[65536];
static size_t buffered;
static int echo_lines;  // LATENCY_PROBE_ECHO set: print each matched line too

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void emit(int type, int code, int value) {
    struct input_event event = {.type = type, .code = code, .value = value};
    if (write(uinput, &event, sizeof event) != sizeof event) { perror("uinput write"); exit(1); }
}

static void set_abs(int code, int max) {
    struct uinput_abs_setup setup = {.code = code, .absinfo = {.maximum = max, .resolution = 10}};
    ioctl(uinput, UI_SET_ABSBIT, code);
    if (ioctl(uinput, UI_ABS_SETUP, &setup) < 0) { perror("UI_ABS_SETUP"); exit(1); }
}

static int abs_max_x = 4095, abs_max_y = 4095;

static void make_device(void) {
    uinput = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (uinput < 0) { perror("/dev/uinput"); exit(1); }
    ioctl(uinput, UI_SET_EVBIT, EV_KEY);
    ioctl(uinput, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(uinput, UI_SET_EVBIT, EV_ABS);
    ioctl(uinput, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    set_abs(ABS_X, abs_max_x);
    set_abs(ABS_Y, abs_max_y);
    set_abs(ABS_MT_SLOT, 9);
    set_abs(ABS_MT_TRACKING_ID, 65535);
    set_abs(ABS_MT_POSITION_X, abs_max_x);
    set_abs(ABS_MT_POSITION_Y, abs_max_y);
    struct uinput_setup setup = {.id = {.bustype = BUS_VIRTUAL, .vendor = 0x1234, .product = 0x5678}};
    strcpy(setup.name, "latency-probe touchscreen");
    if (ioctl(uinput, UI_DEV_SETUP, &setup) < 0 || ioctl(uinput, UI_DEV_CREATE) < 0) { perror("UI_DEV_CREATE"); exit(1); }
}

static void start_reader(char **command) {
    reader_pid = forkpty(&reader_fd, NULL, NULL, NULL);
    if (reader_pid < 0) { perror("forkpty"); exit(1); }
    if (reader_pid == 0) {
        execvp(command[0], command);
        perror(command[0]);
        _exit(127);
    }
}

// Reads what the reader printed until a line holds `match` or `timeout` passes; 1 if found.
static int wait_for(const char *match, double timeout) {
    double end = now() + timeout;
    for (;;) {
        buffer[buffered] = 0;
        char *line_end;
        while ((line_end = strchr(buffer, '\n'))) {
            *line_end = 0;
            int found = strstr(buffer, match) != NULL;
            if (found && echo_lines) printf("line %s\n", buffer);
            size_t used = line_end + 1 - buffer;
            memmove(buffer, line_end + 1, buffered - used + 1);
            buffered -= used;
            if (found) return 1;
        }
        double left = end - now();
        if (left <= 0) return 0;
        struct pollfd p = {.fd = reader_fd, .events = POLLIN};
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) return 0;
        ssize_t n = read(reader_fd, buffer + buffered, sizeof buffer - 1 - buffered);
        if (n <= 0) return 0;
        buffered += n;
        if (buffered == sizeof buffer - 1) buffered = 0;  // a runaway line: forget it
    }
}

static void drain(void) { while (wait_for("\x01", 0.001)) {} }

static void finger(int slot, int id, int x, int y) {
    emit(EV_ABS, ABS_MT_SLOT, slot);
    if (id >= 0) emit(EV_ABS, ABS_MT_TRACKING_ID, id);
    emit(EV_ABS, ABS_MT_POSITION_X, x);
    emit(EV_ABS, ABS_MT_POSITION_Y, y);
}

// The system (kernel) part of the CPU seconds usage_of last read.
static double system_seconds;

// CPU seconds, RSS in kB and context switches (voluntary + involuntary, all threads) of the reader.
static void usage_of(pid_t pid, double *cpu, long *rss, long *switches) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    unsigned long utime = 0, stime = 0;
    if (f) {
        char *p = fgets(line, sizeof line, f) ? strrchr(line, ')') : NULL;
        if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
        fclose(f);
    }
    *cpu = (utime + stime) / (double)sysconf(_SC_CLK_TCK);
    system_seconds = stime / (double)sysconf(_SC_CLK_TCK);
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    f = fopen(path, "r");
    *rss = 0;
    while (f && fgets(line, sizeof line, f)) sscanf(line, "VmRSS: %ld", rss);
    if (f) fclose(f);
    *switches = 0;
    char command[128];
    snprintf(command, sizeof command, "cat /proc/%d/task/*/status", pid);
    FILE *tasks = popen(command, "r");
    long value;
    while (tasks && fgets(line, sizeof line, tasks)) {
        if (sscanf(line, "voluntary_ctxt_switches: %ld", &value) == 1) *switches += value;
        if (sscanf(line, "nonvoluntary_ctxt_switches: %ld", &value) == 1) *switches += value;
    }
    if (tasks) pclose(tasks);
}

static void print_usage(const char *phase, pid_t pid, double seconds, double cpu0, long switches0) {
    double cpu;
    long rss, switches;
    usage_of(pid, &cpu, &rss, &switches);
    printf("%s seconds %.1f cpu-percent %.2f rss-kb %ld wakeups-per-second %.1f\n", phase, seconds,
           100 * (cpu - cpu0) / seconds, rss, (switches - switches0) / seconds);
}

// ---- touch to photon ----

static volatile uint32_t *fb;
static int fb_fd;
static int fb_stride;  // in pixels
static int fb_width, fb_height, fb_pages;
static int visible_row;  // the first row of the page being scanned out

// A reader that double-buffers pans between pages: the pixel shown is on the panned-to page.
static void find_visible_page(void) {
    struct fb_var_screeninfo var;
    if (fb_pages > 1 && ioctl(fb_fd, FBIOGET_VSCREENINFO, &var) == 0) visible_row = var.yoffset;
}

static void map_framebuffer(void) {
    int fd = fb_fd = open("/dev/fb0", O_RDWR);
    if (fd < 0) { perror("/dev/fb0"); exit(1); }
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) { perror("fb ioctl"); exit(1); }
    if (var.bits_per_pixel != 32) { fprintf(stderr, "photon: /dev/fb0 is %u bits a pixel; 32 expected\n", var.bits_per_pixel); exit(1); }
    fb_width = var.xres;
    fb_height = var.yres;
    fb_stride = fix.line_length / 4;
    fb_pages = var.yres_virtual / var.yres;
    void *memory = mmap(NULL, fix.smem_len, PROT_READ, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED) { perror("mmap /dev/fb0"); exit(1); }
    fb = memory;
    abs_max_x = fb_width - 1;
    abs_max_y = fb_height - 1;
}

static uint32_t pixel(int x, int y) {
    if (x < 0 || y < 0 || x >= fb_width || y >= fb_height) return 0;
    return fb[(y + visible_row) * fb_stride + x] & 0xffffff;
}

#define LEAD_X 14
#define LEAD_Y (-14)
#define STEP 6
#define MAX_PENDING 64

struct pending {
    double written;
    int fingers;
    int index;  // the frame's number in the run
    int starts_row;  // the fingers land in this frame: a reader's first picture of them
    int x[10], y[10];
    uint32_t before[10];
    int shown[10];  // fingers whose pixel has changed already (a disc may move on before the others are drawn)
};

// What the reader printed, thrown away without waiting, so its pty never fills.
static void discard_output(void) {
    struct pollfd p = {.fd = reader_fd, .events = POLLIN};
    while (poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        ssize_t n = read(reader_fd, buffer, sizeof buffer);
        if (n <= 0) break;
        if (echo_lines) fwrite(buffer, 1, n, stdout);
    }
}

static int seen(struct pending *p) {
    int all = 1;
    for (int k = 0; k < p->fingers; k++) {
        if (!p->shown[k] && pixel(p->x[k] + LEAD_X, p->y[k] + LEAD_Y) != p->before[k]) p->shown[k] = 1;
        all &= p->shown[k];
    }
    return all;
}

static void pause_us(long us) {
    struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

// The reader's CPU seconds; its system part and its context switches in
// reader_system and reader_switches.
static double reader_system;
static long reader_switches;
static double reader_cpu(void) {
    double cpu;
    long rss;
    usage_of(reader_pid, &cpu, &rss, &reader_switches);
    reader_system = system_seconds;
    return cpu;
}

// Whether the reader (or a thread of it) holds `node` open.
static int reader_has_open(const char *node) {
    char dir[64], link[96], target[256];
    snprintf(dir, sizeof dir, "/proc/%d/fd", reader_pid);
    DIR *fds = opendir(dir);
    if (!fds) return 0;
    int found = 0;
    struct dirent *entry;
    while (!found && (entry = readdir(fds))) {
        snprintf(link, sizeof link, "%s/%.20s", dir, entry->d_name);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n > 0) { target[n] = 0; found = strcmp(target, node) == 0; }
    }
    closedir(fds);
    return found;
}

static int photon(int fingers, int frames, double hz, int x0, int y0, int x1, int y1) {
    // Prime: a touch in the rectangle's lower right corner, held until the screen shows it.
    int px = x1 - 30, py = y1 - 30;
    double give_up = now() + 60;
    int primed = 0;
    // First the reader must have the device open, and its screen must then be
    // still for a second: its first picture, replacing whatever was there,
    // changes the pixel too, and taken for the touch it would start the run
    // before the reader hears the device (whose first stroke it would then
    // never hear begin).
    const char *node = getenv("PHOTON_DEVICE");
    if (!node || !*node) { printf("reader-not-ready: the device's node is unknown\n"); return 1; }
    while (!reader_has_open(node) && now() < give_up) pause_us(10000);
    if (!reader_has_open(node)) { printf("reader-not-ready: it never opened %s\n", node); return 1; }
    find_visible_page();
    uint32_t settled = pixel(px + LEAD_X, py + LEAD_Y);
    for (double still_since = now(); now() - still_since < 1 && now() < give_up; pause_us(10000)) {
        find_visible_page();
        uint32_t current = pixel(px + LEAD_X, py + LEAD_Y);
        if (current != settled) { settled = current; still_since = now(); }
    }
    while (!primed && now() < give_up) {
        find_visible_page();
        uint32_t before = pixel(px + LEAD_X, py + LEAD_Y);
        finger(0, 1, px, py);
        emit(EV_KEY, BTN_TOUCH, 1);
        emit(EV_SYN, SYN_REPORT, 0);
        for (double until = now() + 2; now() < until && !primed; pause_us(5000)) {
            find_visible_page();
            primed = pixel(px + LEAD_X, py + LEAD_Y) != before;
        }
        finger(0, -1, 0, 0);
        emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
        emit(EV_KEY, BTN_TOUCH, 0);
        emit(EV_SYN, SYN_REPORT, 0);
        drain();
        pause_us(500000);
    }
    if (!primed) { printf("reader-not-ready\n"); return 1; }
    drain();
    struct pending pending[MAX_PENDING];
    int head = 0, count = 0, written = 0, missed = 0, next_id = 100;
    int per_row = (x1 - x0 - 2 * 30) / STEP;
    int row_gap = fingers == 1 ? 24 : 50;
    int pass = 0, column = 0;
    double cpu0 = reader_cpu(), system0 = reader_system;
    long switches0 = reader_switches;
    double start = now(), interval = 1 / hz;
    while (written < frames || count > 0) {
        find_visible_page();
        double t = now();
        if (written < frames && t >= start + written * interval) {
            if (column == per_row) {  // the row is done: lift, and the next pass starts lower down
                for (int k = 0; k < fingers; k++) { emit(EV_ABS, ABS_MT_SLOT, k); emit(EV_ABS, ABS_MT_TRACKING_ID, -1); }
                emit(EV_KEY, BTN_TOUCH, 0);
                emit(EV_SYN, SYN_REPORT, 0);
                column = 0;
                pass++;
            }
            struct pending *p = &pending[(head + count) % MAX_PENDING];
            p->fingers = fingers;
            for (int k = 0; k < fingers; k++) {
                p->x[k] = x0 + 30 + column * STEP;
                p->y[k] = y0 + 30 + (fingers == 1 ? pass * row_gap : k * row_gap + pass * 24);
                if (p->y[k] + 30 > y1) { printf("rectangle-full-after %d\n", written); frames = written; break; }
                p->before[k] = pixel(p->x[k] + LEAD_X, p->y[k] + LEAD_Y);
                p->shown[k] = 0;
            }
            if (written == frames) continue;
            for (int k = 0; k < fingers; k++) finger(k, column == 0 ? next_id++ : -1, p->x[k], p->y[k]);
            if (column == 0) emit(EV_KEY, BTN_TOUCH, 1);
            emit(EV_SYN, SYN_REPORT, 0);
            p->written = now();
            p->index = written;
            p->starts_row = column == 0;
            column++;
            written++;
            if (count == MAX_PENDING) { missed++; head = (head + 1) % MAX_PENDING; count--; }
            count++;
        }
        // Every frame still waiting is looked at on every turn: a moving disc covers a frame's
        // pixel only until the next frames move it on, so a frame behind one that is never shown
        // must not wait for that one to time out.
        int kept = 0;
        for (int i = 0; i < count; i++) {
            struct pending *p = &pending[(head + i) % MAX_PENDING];
            if (seen(p)) {
                double us = (now() - p->written) * 1e6;
                printf("photon-us %.0f\n", us);
                // Also said apart: the target is a first picture no slower than the frames after it.
                if (p->starts_row) printf("photon-row-start-us %.0f\n", us);
            } else if (now() - p->written > 0.25) {
                if (echo_lines && missed == 0) {
                    // The whole screen at the first missed frame: '#' where it is not white, 16 px a character.
                    for (int y = 0; y < fb_height; y += 16) {
                        char row[128];
                        int n = 0;
                        for (int x = 0; x < fb_width && n < 120; x += 16) row[n++] = pixel(x, y) == 0xffffff ? '.' : '#';
                        row[n] = 0;
                        printf("map %4d %s\n", y, row);
                    }
                }
                if (echo_lines && missed < 5) {
                    for (int k = 0; k < p->fingers; k++)
                        printf("missed-finger %d at %d,%d before %06x now %06x\n", k, p->x[k], p->y[k], p->before[k],
                               pixel(p->x[k] + LEAD_X, p->y[k] + LEAD_Y));
                }
                if (echo_lines) printf("missed-frame %d\n", p->index);
                missed++;
            } else {
                pending[(head + kept) % MAX_PENDING] = *p;
                kept++;
            }
        }
        count = kept;
        discard_output();
        pause_us(200);
    }
    double cpu = reader_cpu() - cpu0;
    for (int k = 0; k < fingers; k++) { emit(EV_ABS, ABS_MT_SLOT, k); emit(EV_ABS, ABS_MT_TRACKING_ID, -1); }
    emit(EV_KEY, BTN_TOUCH, 0);
    emit(EV_SYN, SYN_REPORT, 0);
    printf("frames %d\nmissed %d\ncpu-us-per-frame %.0f\n", written, missed, frames > 0 ? cpu / frames * 1e6 : 0);
    // Where that CPU went: the kernel's part (system calls, page faults) and how often the reader slept and woke.
    printf("cpu-system-us-per-frame %.0f\nswitches-per-frame %.2f\n", frames > 0 ? (reader_system - system0) / frames * 1e6 : 0,
        frames > 0 ? (reader_switches - switches0) / (double)frames : 0);
    return 0;
}

int main(int argc, char **argv) {
    int latency = argc >= 6 && strcmp(argv[1], "latency") == 0 && strcmp(argv[4], "--") == 0;
    int load = argc >= 5 && strcmp(argv[1], "load") == 0 && strcmp(argv[3], "--") == 0;
    int photon_mode = argc >= 8 && strcmp(argv[1], "photon") == 0 && strcmp(argv[6], "--") == 0;
    if (!latency && !load && !photon_mode) {
        fprintf(stderr, "usage: latency-probe latency FRAMES MATCH -- COMMAND... | load SECONDS -- COMMAND...\n"
                        "       latency-probe photon FINGERS FRAMES HZ X0,Y0,X1,Y1 -- COMMAND...\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    echo_lines = getenv("LATENCY_PROBE_ECHO") != NULL;
    if (photon_mode) {
        int x0, y0, x1, y1;
        if (sscanf(argv[5], "%d,%d,%d,%d", &x0, &y0, &x1, &y1) != 4) { fprintf(stderr, "photon: bad rectangle '%s'\n", argv[5]); return 2; }
        map_framebuffer();
        make_device();
        char node[64] = "", sysname[32] = "";
        if (ioctl(uinput, UI_GET_SYSNAME(sizeof sysname), sysname) >= 0) {
            // /sys/devices/virtual/input/inputN/eventM: the event node is the one child named event*.
            char command[160];
            snprintf(command, sizeof command, "ls /sys/devices/virtual/input/%s | grep ^event", sysname);
            pause_us(300000);
            FILE *ls = popen(command, "r");
            char event[32] = "";
            if (ls && fgets(event, sizeof event, ls)) { event[strcspn(event, "\n")] = 0; snprintf(node, sizeof node, "/dev/input/%s", event); }
            if (ls) pclose(ls);
        }
        setenv("PHOTON_DEVICE", node, 1);
        start_reader(argv + 7);
        int status = photon(atoi(argv[2]), atoi(argv[3]), atof(argv[4]), x0, y0, x1, y1);
        fflush(stdout);
        kill(reader_pid, SIGTERM);
        waitpid(reader_pid, NULL, 0);
        return status;
    }
    make_device();
    start_reader(latency ? argv + 5 : argv + 4);
    sleep(4);  // the reader finds and opens the device (through udev, libevdev or libinput)
    drain();
    if (latency) {
        int frames = atoi(argv[2]);
        const char *match = argv[3];
        int lost = 0;
        for (int i = 0; i < frames; i++) {
            finger(0, i == 0 ? 1 : -1, 1000 + (i % 200) * 10, 2000 + (i % 2) * 8);
            if (i == 0) emit(EV_KEY, BTN_TOUCH, 1);
            emit(EV_SYN, SYN_REPORT, 0);
            double sent = now();
            if (wait_for(match, 1.0)) printf("latency-us %.0f\n", (now() - sent) * 1e6);
            else lost++;
            usleep(10000);  // 100 frames a second
        }
        finger(0, -1, 0, 0);
        emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
        emit(EV_KEY, BTN_TOUCH, 0);
        emit(EV_SYN, SYN_REPORT, 0);
        printf("lost %d\n", lost);
    } else {
        double seconds = atof(argv[2]), cpu;
        long rss, switches;
        usage_of(reader_pid, &cpu, &rss, &switches);
        sleep((unsigned)seconds);
        print_usage("idle", reader_pid, seconds, cpu, switches);
        usage_of(reader_pid, &cpu, &rss, &switches);
        double start = now();
        int frame = 0;
        for (int slot = 0; slot < 10; slot++) finger(slot, slot + 1, 400 + slot * 300, 1000);
        emit(EV_KEY, BTN_TOUCH, 1);
        emit(EV_SYN, SYN_REPORT, 0);
        while (now() - start < seconds) {
            frame++;
            for (int slot = 0; slot < 10; slot++) finger(slot, -1, 400 + slot * 300 + (frame % 100), 1000 + (frame % 200) * 10);
            emit(EV_SYN, SYN_REPORT, 0);
            drain();  // keep the pty from filling
            usleep(1000000 / 120);
        }
        print_usage("load", reader_pid, now() - start, cpu, switches);
        printf("load-frames %d\n", frame);
    }
    fflush(stdout);
    kill(reader_pid, SIGTERM);
    waitpid(reader_pid, NULL, 0);
    return 0;
}
