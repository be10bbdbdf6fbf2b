# An evemu recording (on stdout) of a five-slot touchscreen whose units are
# a 1280x800 screen's pixels, from a script of frames on stdin: "T SLOT ID
# X Y" lines, ID -1 lifting the slot's finger; lines with the same T are one
# frame. The description is the recording named (EP0430M09's) with the name
# and axes replaced.
#
#   python3 Tests/EndToEnd/pixel-recording.py DESCRIPTION.evemu < FRAMES > RECORDING.evemu
import sys
for line in open(sys.argv[1]):
    if line.startswith("N:"):
        print("N: Plane panel")
    elif line.startswith(("A: 00 ", "A: 35 ")):
        print(f"A: {line.split()[1]} 0 1279 0 0 0")
    elif line.startswith(("A: 01 ", "A: 36 ")):
        print(f"A: {line.split()[1]} 0 799 0 0 0")
    elif line[:2] in ("I:", "P:", "B:", "A:"):
        print(line.rstrip())
frames = {}
for line in sys.stdin:
    t, slot, ident, x, y = line.split()
    frames.setdefault(float(t), []).append((int(slot), int(ident), int(x), int(y)))
down = {}
for t in sorted(frames):
    was = bool(down)
    for slot, ident, x, y in frames[t]:
        print(f"E: {t:.6f} 0003 002f {slot}")
        if ident < 0:
            print(f"E: {t:.6f} 0003 0039 -1")
            del down[slot]
            continue
        if slot not in down:
            print(f"E: {t:.6f} 0003 0039 {ident}")
        print(f"E: {t:.6f} 0003 0035 {x}")
        print(f"E: {t:.6f} 0003 0036 {y}")
        down[slot] = (x, y)
    if bool(down) != was:
        print(f"E: {t:.6f} 0001 014a {int(bool(down))}")
    if down:
        # Single touch follows the first slot down, as drivers do.
        x, y = down[min(down)]
        print(f"E: {t:.6f} 0003 0000 {x}")
        print(f"E: {t:.6f} 0003 0001 {y}")
    print(f"E: {t:.6f} 0000 0000 0000")
