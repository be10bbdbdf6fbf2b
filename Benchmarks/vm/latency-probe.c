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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void make_device(void) {
    uinput = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (uinput < 0) { perror("/dev/uinput"); exit(1); }
    ioctl(uinput, UI_SET_EVBIT, EV_KEY);
    ioctl(uinput, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(uinput, UI_SET_EVBIT, EV_ABS);
    ioctl(uinput, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    set_abs(ABS_X, 4095);
    set_abs(ABS_Y, 4095);
    set_abs(ABS_MT_SLOT, 9);
    set_abs(ABS_MT_TRACKING_ID, 65535);
    set_abs(ABS_MT_POSITION_X, 4095);
    set_abs(ABS_MT_POSITION_Y, 4095);
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

int main(int argc, char **argv) {
    int latency = argc >= 6 && strcmp(argv[1], "latency") == 0 && strcmp(argv[4], "--") == 0;
    int load = argc >= 5 && strcmp(argv[1], "load") == 0 && strcmp(argv[3], "--") == 0;
    if (!latency && !load) {
        fprintf(stderr, "usage: latency-probe latency FRAMES MATCH -- COMMAND... | load SECONDS -- COMMAND...\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    echo_lines = getenv("LATENCY_PROBE_ECHO") != NULL;
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
