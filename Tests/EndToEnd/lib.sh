# Shared by the end-to-end tests (run, display): Debian's kernel, a static
# touchbridge, a busybox initramfs and a qemu boot under TCG, and the checks
# made on what the guest printed. Source it after `set -euo pipefail`, with
# ROOT (the package) and W (the work directory) set.

T0=$(date +%s.%N)
t() { awk -v a="$T0" -v b="$(date +%s.%N)" -v m="$*" 'BEGIN{printf "[%6.1fs] %s\n", b-a, m}'; }

# Installs the Debian packages named that are missing.
e2e_packages() {
    local need=() p
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
    if [ ${#need[@]} -gt 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    fi
}

# Debian's current kernel package, unpacked in $W/kroot with its modules, and
# $W/vmlinux-$KV. Sets KPKG and KV; leaves the shell in $W.
e2e_kernel() {
    cd "$W"
    KPKG=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
    KV=${KPKG#linux-image-}
    if [ ! -f "vmlinux-$KV" ]; then
        rm -rf kroot && apt-get download -qq "$KPKG"
        dpkg-deb -x "$KPKG"_*.deb kroot
        depmod -b "$PWD/kroot" "$KV"
        # The uncompressed ELF kernel boots directly (PVH), seconds faster under TCG.
        local off
        off=$(LC_ALL=C grep -aboP '\xfd7zXZ\x00' "kroot/boot/vmlinuz-$KV" | head -1 | cut -d: -f1)
        tail -c +$((off + 1)) "kroot/boot/vmlinuz-$KV" | xz -dcq > "vmlinux-$KV" 2>/dev/null || true
    fi
}

# touchbridge in release with the Swift runtime linked in, so the guest needs
# only the C libraries. Sets BIN.
e2e_build_static() {
    (cd "$ROOT" && swift build -c release --product touchbridge --static-swift-stdlib --scratch-path .build-static >/dev/null)
    BIN=$ROOT/.build-static/release/touchbridge
}

# A fresh initramfs tree in $1: busybox, the kernel modules named after it
# (with what they depend on), and touchbridge with the shared libraries it needs.
e2e_initramfs() {
    local r=$1
    shift
    rm -rf "$r"
    mkdir -p "$r"/{bin,sbin,dev,proc,sys,tmp,run,lib/modules/$KV}
    cp /bin/busybox "$r/bin/"
    local a
    for a in $(busybox --list); do [ "$a" = busybox ] || ln -sf busybox "$r/bin/$a"; done
    ln -sf ../bin/busybox "$r/sbin/modprobe"
    local m
    # The kernel's unpacked package: Debian 12's (e2e_kernel), unless KROOT names another.
    local kroot=${KROOT:-$W/kroot}
    for m in "$@"; do modprobe -d "$kroot" -S "$KV" --show-depends "$m" | awk '{print $2}'; done | sort -u |
        while read -r f; do rel=${f#"$kroot"/}; mkdir -p "$r/$(dirname "$rel")"; cp "$f" "$r/$rel"; done
    cp "$kroot"/lib/modules/"$KV"/modules.{order,builtin,builtin.modinfo} "$r/lib/modules/$KV/"
    depmod -b "$r" "$KV"
    cp "$BIN" "$r/bin/touchbridge"
    [ -n "${E2E_KEEP_SYMBOLS:-}" ] || strip "$r/bin/touchbridge" 2>/dev/null || true
    ldd "$BIN" | grep -oE '/[^ ]+\.so[^ ]*' | while read -r l; do mkdir -p "$r/$(dirname "$l")"; cp -L "$l" "$r/$l"; done
    # Swift's crash backtracer: a crash in the guest prints its stack (run with SWIFT_BACKTRACE set).
    cp /opt/swift/usr/libexec/swift/linux/swift-backtrace-static "$r/bin/" 2>/dev/null || true
    # Keyboards need XKB's layouts (xkb-data) and a compose table (libx11-data).
    mkdir -p "$r/usr/share/X11/locale"
    cp -a /usr/share/X11/xkb "$r/usr/share/X11/"
    cp -a /usr/share/X11/locale/{compose.dir,locale.dir,locale.alias,en_US.UTF-8} "$r/usr/share/X11/locale/"
    # Text needs fontconfig's configuration and the DejaVu fonts, as on a Debian kiosk.
    mkdir -p "$r/etc" "$r/usr/share/fonts/truetype" "$r/var/cache/fontconfig"
    cp -a /etc/fonts "$r/etc/"
    cp -a /usr/share/fonts/truetype/dejavu "$r/usr/share/fonts/truetype/"
}

# Packs the tree $1 (with its executable /init) into the gzipped cpio $2.
e2e_pack() {
    chmod +x "$1/init"
    (cd "$1" && find . | cpio -o -H newc --quiet | gzip -1 > "$2")
}

# The qemu command line that boots $W/vmlinux-$KV with the initramfs $1 and
# the guest's serial console in $2; more qemu options may follow. Kernel
# arguments in E2E_APPEND are added to the usual ones.
e2e_qemu() {
    local initrd=$1 serial=$2
    shift 2
    QEMU=(timeout 300 qemu-system-x86_64 -accel tcg -m 1024 -smp 2 -kernel "$W/vmlinux-$KV" -initrd "$initrd"
        -append "console=ttyS0 panic=-1 quiet loglevel=1${E2E_APPEND:+ $E2E_APPEND}" -monitor none -no-reboot -serial "file:$serial" "$@")
}

# What the guest printed between "@@BEGIN $1" and "@@END $1" in serial.log.
section() { tr -d '\r' < serial.log | awk -v s="@@BEGIN $1" -v e="@@END $1" '$0==e{p=0} p{print} $0==s{p=1}'; }

FAIL=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; FAIL=1; fi; }

# Debian's udev package unpacked in $W/udevroot (systemd-udevd is udevadm).
e2e_udev() {
    if [ ! -x "$W/udevroot/bin/udevadm" ]; then
        (cd "$W" && rm -rf udevroot udev_*.deb && apt-get download -qq udev 2>/dev/null && dpkg-deb -x udev_*.deb udevroot)
    fi
}

# Adds systemd-udevd, its rules and the groups its rules name to the initramfs tree $1.
e2e_add_udev() {
    local r=$1
    mkdir -p "$r/lib/systemd" "$r/lib/udev" "$r/etc/udev"
    cp "$W/udevroot/bin/udevadm" "$r/bin/"
    ln -sf /bin/udevadm "$r/lib/systemd/systemd-udevd"
    ldd "$W/udevroot/bin/udevadm" | grep -oE '/[^ ]+\.so[^ ]*' | while read -r l; do mkdir -p "$r/$(dirname "$l")"; cp -L "$l" "$r/$l"; done
    cp -a "$W/udevroot/lib/udev/rules.d" "$r/lib/udev/"
    printf 'root:x:0:\ninput:x:101:\nvideo:x:44:\nrender:x:102:\n' > "$r/etc/group"
    echo 'root:x:0:0::/:/bin/sh' > "$r/etc/passwd"
}

# An evemu recording (on stdout) whose lifts a kernel buffer overflow will
# lose if its reader stops reading between 1 s and 4 s into it; $1 is the
# recordings directory.
e2e_overflow_recording() {
    local REC=$1
    # Two fingers land; three seconds later 400 frames of moves and both lifts
    # arrive at once, far more than the kernel's per-client buffer holds; four
    # seconds after that a third finger taps.
    {
        grep -v '^E:' "$REC/evemu-ep0430m09-touchscreen.desc.txt"
        echo "E: 0.000001 0003 002f 0000"; echo "E: 0.000001 0003 0039 0100"
        echo "E: 0.000001 0003 0035 0300"; echo "E: 0.000001 0003 0036 0300"
        echo "E: 0.000001 0003 002f 0001"; echo "E: 0.000001 0003 0039 0101"
        echo "E: 0.000001 0003 0035 0900"; echo "E: 0.000001 0003 0036 0500"
        echo "E: 0.000001 0001 014a 0001"; echo "E: 0.000001 0000 0000 0000"
        for i in $(seq 1 400); do
            echo "E: 3.000001 0003 002f 0000"; echo "E: 3.000001 0003 0035 $((300 + i))"
            echo "E: 3.000001 0003 002f 0001"; echo "E: 3.000001 0003 0035 $((900 - i))"
            echo "E: 3.000001 0000 0000 0000"
        done
        echo "E: 3.000001 0003 002f 0000"; echo "E: 3.000001 0003 0039 -1"
        echo "E: 3.000001 0003 002f 0001"; echo "E: 3.000001 0003 0039 -1"
        echo "E: 3.000001 0001 014a 0000"; echo "E: 3.000001 0000 0000 0000"
        # A third finger, read normally after the overflow: it must come after the two cancellations.
        echo "E: 7.000001 0003 002f 0000"; echo "E: 7.000001 0003 0039 0102"
        echo "E: 7.000001 0003 0035 0600"; echo "E: 7.000001 0003 0036 0400"
        echo "E: 7.000001 0001 014a 0001"; echo "E: 7.000001 0000 0000 0000"
        echo "E: 7.100001 0003 0039 -1"; echo "E: 7.100001 0001 014a 0000"; echo "E: 7.100001 0000 0000 0000"
    }
}

# A keyboard whose X key goes down half a second in and stays down (on
# stdout): unplugged meanwhile, the key must be cancelled. $1 is the recordings directory.
e2e_held_key_recording() {
    grep -v '^E:' "$1/evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt"
    echo "E: 0.500000 0001 002d 0001"
    echo "E: 0.500000 0000 0000 0000"
}

# A keyboard typing $4 (default "Hey, kiosk!") and Enter on a US board's
# keys (on stdout): the description of a real keyboard (a Lenovo ThinkPad
# Compact USB Keyboard, from whot/evemu-devices) named $3 if given, with
# events written key by key from $2 seconds (default 0.5), each after the
# MSC_SCAN a USB keyboard sends; $1 is the recordings directory.
e2e_typing_recording() {
    local REC=$1 start=${2:-0.5} name=${3:-} text=${4:-Hey, kiosk!}
    if [ -n "$name" ]; then
        grep -v '^E:' "$REC/evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt" | sed "s/^N: .*/N: $name/"
    else
        grep -v '^E:' "$REC/evemu-lenovo-thinkpad-compact-keyboard-ctrl-c.txt"
    fi
    python3 - "$start" "$text" <<'PY'
import sys
t = float(sys.argv[1])
# US layout: character -> (KEY_ code, shifted)
keys = {" ": (57, False), ",": (51, False), "!": (2, True), ".": (52, False), "-": (12, False)}
for i, c in enumerate("qwertyuiop"): keys[c] = (16 + i, False)
for i, c in enumerate("asdfghjkl"): keys[c] = (30 + i, False)
for i, c in enumerate("zxcvbnm"): keys[c] = (44 + i, False)
for i, c in enumerate("1234567890"): keys[c] = (2 + i, False)
def key(code, value):
    global t
    usage = {42: 0x700e1}.get(code, 0x70000 + code)  # any MSC_SCAN will do: USB keyboards send one before each key
    print(f"E: {t:.6f} 0004 0004 {usage}")
    print(f"E: {t:.6f} 0001 {code:04x} {value:04x}")
    print(f"E: {t:.6f} 0000 0000 0000")
    t += 0.06
for c in sys.argv[2] + "\n":
    if c == "\n":
        code, shifted = 28, False
    elif c.isupper():
        code, shifted = keys[c.lower()][0], True
    else:
        code, shifted = keys[c]
    if shifted: key(42, 1)
    key(code, 1)
    key(code, 0)
    if shifted: key(42, 0)
PY
}
