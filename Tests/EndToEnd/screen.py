#!/usr/bin/env python3
"""The guest's screen, seen from the host through QMP screendumps.

  screen.py watch SERIAL_LOG QMP_SOCKET OUT_DIR QEMU_PID
      Follows the guest's serial log until it prints @@DONE or qemu ends.
      "@@SCREENDUMP NAME" saves the screen once, as OUT_DIR/NAME.ppm;
      "@@SCREENDUMP NAME DEVICE HEAD" saves one head of a display device
      with several (qemu's id for it, then 0, 1, ...);
      between "@@WATCH NAME" and "@@UNWATCH NAME" the screen is saved every
      quarter second as OUT_DIR/NAME-1.ppm, NAME-2.ppm, ... (the guest does
      not know when a picture is up; one of these shows it).

  screen.py expect LABEL SHOT... -- NAME:X,Y:R,G,B ...
      Finds the first shot where every sample point has its colour (within
      8 per channel) and prints "PASS LABEL" with the colours found, else
      "FAIL LABEL" with the colours of the shot that came closest; exit 1.

  screen.py changed LABEL BEFORE AFTER -- NAME:X,Y ...
      "PASS LABEL" when every point's colour in AFTER differs from BEFORE's
      (by more than 8 in some channel), else "FAIL LABEL"; exit 1.
      With --same, when every point's colour is the same in both.

  screen.py size SHOT
      Prints the screen's width and height.

  A SHOT is a binary PPM (qemu's screendump) or an XWD file (xwd -id WINDOW,
  a desktop window's, under Xvfb).

  screen.py dark SHOT X Y WIDTH HEIGHT
      Prints how many pixels of the rectangle are dark (every channel
      under 80): text drawn in black, say.
"""
import json
import os
import re
import socket
import sys
import time

TOLERANCE = 8


def read_ppm(path):
    """(width, height, pixel bytes) of a binary PPM, as qemu writes it."""
    with open(path, "rb") as f:
        data = f.read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position)
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    magic, width, height, maximum = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic != b"P6" or maximum != 255:
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    return width, height, data[position + 1:]


def read_xwd(path):
    """(width, height, RGB bytes) of a 24- or 32-bit TrueColor XWD file, as xwd writes it."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    header = struct.unpack(">25I", data[:100])
    header_size, version, pixmap_format = header[0], header[1], header[2]
    width, height, byte_order, bits_per_pixel, bytes_per_line = header[4], header[5], header[7], header[11], header[12]
    masks, ncolors = header[14:17], header[19]
    if version != 7 or pixmap_format != 2 or bits_per_pixel != 32:
        raise ValueError(f"{path}: not a 32-bit ZPixmap XWD file")
    start = header_size + ncolors * 12
    order = "<" if byte_order == 0 else ">"
    shifts = [(mask & -mask).bit_length() - 1 for mask in masks]
    out = bytearray(width * height * 3)
    for y in range(height):
        row = struct.unpack_from(f"{order}{width}I", data, start + y * bytes_per_line)
        for x, value in enumerate(row):
            o = (y * width + x) * 3
            out[o] = (value & masks[0]) >> shifts[0]
            out[o + 1] = (value & masks[1]) >> shifts[1]
            out[o + 2] = (value & masks[2]) >> shifts[2]
    return width, height, bytes(out)


def read_shot(path):
    return read_xwd(path) if path.endswith(".xwd") else read_ppm(path)


class QMP:
    def __init__(self, path, timeout=30):
        deadline = time.time() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.05)
        self.file = self.sock.makefile("rw")
        json.loads(self.file.readline())  # the greeting
        self.command("qmp_capabilities")

    def command(self, name, **arguments):
        self.file.write(json.dumps({"execute": name, "arguments": arguments}) + "\n")
        self.file.flush()
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError("qemu closed QMP")
            reply = json.loads(line)
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError(reply["error"].get("desc", reply["error"]))
            # Anything else is an asynchronous event.


def watch(serial_path, qmp_path, out_dir, qemu_pid):
    os.makedirs(out_dir, exist_ok=True)
    qmp = QMP(qmp_path)
    while not os.path.exists(serial_path):
        time.sleep(0.05)
    serial = open(serial_path, "rb")
    pending, watching, count, next_shot = b"", None, 0, 0.0

    def alive():
        try:
            os.kill(qemu_pid, 0)
            return True
        except OSError:
            return False

    def shoot(name, device=None, head=None):
        where = {} if device is None else {"device": device, "head": int(head)}
        try:
            qmp.command("screendump", filename=os.path.abspath(os.path.join(out_dir, name + ".ppm")), **where)
        except (EOFError, OSError):
            pass  # qemu is gone; the checks will find the shot missing

    while alive():
        pending += serial.read()
        *lines, pending = pending.split(b"\n")
        for raw in lines:
            words = raw.decode(errors="replace").strip().split()
            if not words:
                continue
            if words[0] == "@@DONE":
                return
            if words[0] == "@@SCREENDUMP" and len(words) == 2:
                shoot(words[1])
            elif words[0] == "@@SCREENDUMP" and len(words) == 4:
                shoot(words[1], words[2], words[3])
            elif words[0] == "@@WATCH" and len(words) == 2:
                watching, count, next_shot = words[1], 0, 0.0
            elif words[0] == "@@UNWATCH":
                watching = None
        if watching and time.time() >= next_shot:
            count += 1
            shoot(f"{watching}-{count}")
            next_shot = time.time() + 0.25
        time.sleep(0.03)


def expect(label, shots, samples):
    """samples: [(name, x, y, (r, g, b))]"""
    best = None
    for shot in shots:
        width, height, pixels = read_shot(shot)
        found, misses = [], 0
        for name, x, y, want in samples:
            if x >= width or y >= height:
                got = None
            else:
                offset = (y * width + x) * 3
                got = tuple(pixels[offset:offset + 3])
            ok = got is not None and max(abs(a - b) for a, b in zip(got, want)) <= TOLERANCE
            misses += not ok
            found.append((name, x, y, want, got, ok))
        if best is None or misses < best[0]:
            best = (misses, shot, found)
        if misses == 0:
            break
    if best is None:
        print(f"FAIL {label}: no screendump was taken")
        return False
    misses, shot, found = best
    describe = "; ".join(
        f"{name} ({x},{y}) {'%d,%d,%d' % got if got else 'outside'}" + ("" if ok else f" (want {'%d,%d,%d' % want})")
        for name, x, y, want, got, ok in found)
    where = f"{os.path.basename(shot)}, {len(shots)} shot{'s' if len(shots) != 1 else ''}"
    print(f"{'PASS' if misses == 0 else 'FAIL'} {label} [{where}]: {describe}")
    return misses == 0


def main(argv):
    if len(argv) == 6 and argv[1] == "watch":
        watch(argv[2], argv[3], argv[4], int(argv[5]))
        return 0
    if len(argv) == 7 and argv[1] == "dark":
        width, height, pixels = read_shot(argv[2])
        x0, y0, w, h = map(int, argv[3:7])
        count = 0
        for y in range(max(0, y0), min(height, y0 + h)):
            for x in range(max(0, x0), min(width, x0 + w)):
                offset = (y * width + x) * 3
                count += max(pixels[offset:offset + 3]) < 80
        print(count)
        return 0
    if len(argv) >= 6 and argv[1] == "changed" and "--" in argv:
        same = argv[2] == "--same"
        label, before, after = argv[3:6] if same else argv[2:5]
        split = argv.index("--")
        (w0, h0, p0), (w1, h1, p1) = read_shot(before), read_shot(after)
        found, ok = [], True
        for sample in argv[split + 1:]:
            name, point = sample.split(":")
            x, y = map(int, point.split(","))
            a = tuple(p0[(y * w0 + x) * 3:(y * w0 + x) * 3 + 3])
            b = tuple(p1[(y * w1 + x) * 3:(y * w1 + x) * 3 + 3])
            differs = max(abs(u - v) for u, v in zip(a, b)) > TOLERANCE
            ok &= differs != same
            found.append(f"{name} ({x},{y}) {'%d,%d,%d' % a} then {'%d,%d,%d' % b}")
        print(f"{'PASS' if ok else 'FAIL'} {label}: " + "; ".join(found))
        return 0 if ok else 1
    if len(argv) == 3 and argv[1] == "size":
        width, height, _ = read_shot(argv[2])
        print(width, height)
        return 0
    if len(argv) >= 4 and argv[1] == "expect" and "--" in argv:
        split = argv.index("--")
        # In the order taken: fb-2 before fb-10.
        shots = sorted((path for path in argv[3:split] if os.path.exists(path)),
                       key=lambda path: [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path)])
        samples = []
        for sample in argv[split + 1:]:
            name, point, colour = sample.split(":")
            x, y = map(int, point.split(","))
            samples.append((name, x, y, tuple(map(int, colour.split(",")))))
        return 0 if expect(argv[2], shots, samples) else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
