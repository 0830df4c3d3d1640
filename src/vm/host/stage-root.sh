#!/bin/sh
# stage-root.sh STAGE INIT SUITE GUEST_PREFIX MODULES [EXTRA [NFS_ROOT]]
#
# Build the guest's root file system tree in the empty directory STAGE
# (ltp-vm then makes an ext4 image of it, see doc/vm.md):
#   - a merged-/usr skeleton, /etc/passwd and /etc/group with root, bin,
#     daemon and nobody (tests drop privileges to nobody);
#   - the static busybox with a link for every applet the host's real
#     tools leave free, dash as /bin/sh when the host has it (the shell
#     the suite's scripts are written against);
#   - the host's file system tools the tests run (HOST_TOOLS below);
#   - the installed suite SUITE copied to GUEST_PREFIX, then the files of
#     the directory EXTRA over it (the test modules built for the kernel);
#     its ELF files stripped (the unstripped ones stay on the host, where
#     a crash can be symbolized);
#   - INIT as /init (the second stage: the boot initramfs mounts this
#     tree's image and switches to it), and the kernel modules the guest
#     loads (a directory made by collect-modules.sh, or '' for none) in
#     /usr/lib/ltp-vm/modules;
#   - with NFS_ROOT (a tree unpacked by fetch-nfs.sh), the NFS userland
#     (NFS_TOOLS below) in /usr/sbin, the users its daemons run as, and
#     /etc/netconfig, /etc/services, /etc/protocols, /etc/rpc;
#   - every shared library the binaries above need, found with ldd (in
#     NFS_ROOT first for the NFS tools).
# Host tools that are missing are reported and left out: the tests that
# need them report TCONF in the guest.
set -u

# Binaries looked up in the host's PATH plus the sbin directories.
HOST_TOOLS="dash kmod mke2fs mkfs.ext2 mkfs.ext3 mkfs.ext4 e2fsck tune2fs
mkfs.xfs xfs_repair mkfs.btrfs mkfs.vfat mkfs.exfat mkfs.ntfs mkswap losetup
blkid mksquashfs"
# Libraries loaded with dlopen, which ldd cannot see: glibc needs
# libgcc_s for pthread_cancel and thread unwinding.
DLOPEN_LIBS="libgcc_s.so.1"
# The guest's NFS server and client userland (ltp-vm --nfs), from NFS_ROOT.
NFS_TOOLS="rpcbind rpcinfo rpc.statd rpc.mountd rpc.nfsd exportfs mount.nfs
umount.nfs showmount"

prog='stage-root.sh'

fail() {
	echo "$prog: $*" >&2
	exit 3
}

tool_path=$PATH:/usr/sbin:/sbin:/usr/bin:/bin
# --host-inputs: the host files this script copies by name (ltp-vm keys
# its image cache on them; libraries follow from the package database).
if [ "${1:-}" = --host-inputs ]; then
	for tool in $HOST_TOOLS busybox; do
		PATH=$tool_path command -v "$tool"
	done
	for f in /etc/mke2fs.conf /etc/netconfig /etc/services /etc/protocols /etc/rpc; do
		[ -f "$f" ] && echo "$f"
	done
	exit 0
fi

if [ $# -lt 5 ] || [ $# -gt 7 ]; then
	echo "usage: $prog STAGE INIT SUITE GUEST_PREFIX MODULES [EXTRA [NFS_ROOT]]" >&2
	exit 3
fi
stage=$1
init=$2
suite=$3
guest_prefix=$4
modules=$5
extra=${6:-}
nfs_root=${7:-}

# Copy host file $1 to the same path in the stage, following symlinks.
copy_host_file() {
	if ! mkdir -p "$stage$(dirname "$1")" || ! cp -L "$1" "$stage$1"; then
		fail "cannot copy $1 into $stage"
	fi
}

mkdir -p "$stage" || exit 3
[ -z "$(ls -A "$stage")" ] || fail "$stage is not empty"
stage=$(cd "$stage" && pwd -P) || exit 3

# Merged /usr, as on Debian: every path a host binary was found under
# also exists in the guest.
mkdir -p "$stage/usr/bin" "$stage/usr/sbin" "$stage/usr/lib" \
	"$stage/usr/lib64" "$stage/etc" "$stage/root" "$stage/proc" \
	"$stage/sys" "$stage/dev" "$stage/tmp" "$stage/run" "$stage/var" \
	"$stage/mnt" || exit 3
for d in bin sbin lib lib64; do
	ln -s "usr/$d" "$stage/$d" || exit 3
done
ln -s ../run "$stage/var/run"
ln -s ../tmp "$stage/var/tmp"

cat >"$stage/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
_rpc:x:100:65534::/run/rpcbind:/usr/sbin/nologin
statd:x:101:65534::/var/lib/nfs:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
EOF
cat >"$stage/etc/group" <<'EOF'
root:x:0:
daemon:x:1:
bin:x:2:
tty:x:5:
nogroup:x:65534:
nobody:x:65534:
EOF
printf 'passwd: files\ngroup: files\nshadow: files\nhosts: files\n' \
	>"$stage/etc/nsswitch.conf"
printf '127.0.0.1\tlocalhost\n::1\tlocalhost\n' >"$stage/etc/hosts"
echo ltp-vm >"$stage/etc/hostname"
# df, mount and friends read the mount table from here.
ln -s ../proc/self/mounts "$stage/etc/mtab"
# mke2fs reads its feature defaults from here.
[ -f /etc/mke2fs.conf ] && copy_host_file /etc/mke2fs.conf

# The real tools first; busybox links fill only what is still missing.
: >"$stage/.elf-list"
for tool in $HOST_TOOLS; do
	path=$(PATH=$tool_path command -v "$tool") || {
		echo "$prog: note: $tool not found on this host, left out" >&2
		continue
	}
	copy_host_file "$path"
	echo "$path" >>"$stage/.elf-list"
done
# kmod is one binary under many names (the kernel runs /sbin/modprobe).
if [ -x "$stage/usr/bin/kmod" ]; then
	for tool in modprobe insmod rmmod lsmod depmod modinfo; do
		ln -s ../bin/kmod "$stage/usr/sbin/$tool" || exit 3
	done
fi

# The NFS userland: binaries into /usr/sbin (merged /usr), their
# libraries looked up in NFS_ROOT before the host (libwrap is not a host
# library everywhere).
nfs_libpath=
if [ -n "$nfs_root" ]; then
	[ -d "$nfs_root" ] || fail "$nfs_root: no such directory"
	nfs_root=$(cd "$nfs_root" && pwd -P) || exit 3
	for d in lib/x86_64-linux-gnu usr/lib/x86_64-linux-gnu lib usr/lib; do
		[ -d "$nfs_root/$d" ] && nfs_libpath=$nfs_libpath${nfs_libpath:+:}$nfs_root/$d
	done
	for tool in $NFS_TOOLS; do
		found=
		for d in sbin usr/sbin bin usr/bin; do
			if [ -f "$nfs_root/$d/$tool" ]; then
				found=$nfs_root/$d/$tool
				break
			fi
		done
		[ -n "$found" ] || fail "$nfs_root holds no $tool"
		cp -L "$found" "$stage/usr/sbin/$tool" || exit 3
		echo "$stage/usr/sbin/$tool" >>"$stage/.nfs-list"
	done
	ln -s mount.nfs "$stage/usr/sbin/mount.nfs4"
	ln -s umount.nfs "$stage/usr/sbin/umount.nfs4"
	# libtirpc reads its transports from /etc/netconfig.
	if [ -f /etc/netconfig ]; then
		copy_host_file /etc/netconfig
	else
		printf '%s\n' \
			'udp tpi_clts v inet udp - -' \
			'tcp tpi_cots_ord v inet tcp - -' \
			'udp6 tpi_clts v inet6 udp - -' \
			'tcp6 tpi_cots_ord v inet6 tcp - -' \
			'local tpi_cots_ord - loopback - - -' \
			'unix tpi_cots_ord - loopback - - -' >"$stage/etc/netconfig"
	fi
	for f in /etc/services /etc/protocols /etc/rpc; do
		[ -f "$f" ] && copy_host_file "$f"
	done
	mkdir -p "$stage/var/lib/nfs/sm" "$stage/var/lib/nfs/sm.bak" \
		"$stage/var/lib/nfs/v4recovery" || exit 3
fi

busybox=$(command -v busybox) || fail "busybox not found (apt-get install busybox-static)"
ldd "$busybox" >/dev/null 2>&1 &&
	fail "$busybox is dynamically linked (apt-get install busybox-static)"
cp -L "$busybox" "$stage/usr/bin/busybox" || exit 3
if [ -x "$stage/usr/bin/dash" ]; then
	ln -s dash "$stage/usr/bin/sh"
else
	ln -s busybox "$stage/usr/bin/sh"
fi
# An applet link wherever no real tool took the name (made here, so the
# guest spends no boot time on it). Merged /usr: /bin/x is /usr/bin/x.
"$busybox" --list-full | while IFS= read -r applet; do
	case $applet in
	bin/* | sbin/*) applet=usr/$applet ;;
	esac
	[ -e "$stage/$applet" ] || [ -L "$stage/$applet" ] || echo "$stage/$applet"
done | xargs -r -n 1 ln -s /usr/bin/busybox || fail "cannot link the busybox applets"

# The suite, without the results of runs made where it was installed.
mkdir -p "$stage$guest_prefix" || exit 3
for entry in "$suite"/* "$suite"/.[!.]*; do
	[ -e "$entry" ] || continue
	case ${entry##*/} in results | output) continue ;; esac
	cp -a "$entry" "$stage$guest_prefix/" || fail "cannot copy $entry"
done
if [ -n "$extra" ] && [ -d "$extra" ]; then
	cp -a "$extra/." "$stage$guest_prefix/" || fail "cannot copy $extra"
fi

# The suite's ELF files (readelf -h names every file it is given and
# says "ELF Header:" under the ELF ones; busybox goes first so that there
# are always two files and so names).
find "$stage$guest_prefix" -type f -perm -u+x \
	-exec readelf -h "$stage/usr/bin/busybox" {} + 2>/dev/null |
	awk -v skip="$stage/usr/bin/busybox" '/^File: / { f = $2 }
	    /^ELF Header:/ && f != skip { print f }' >"$stage/.suite-elf"
# Debug info is most of a test binary's size and all of it is dead
# weight in the guest: strip the copies.
[ ! -s "$stage/.suite-elf" ] ||
	xargs strip --strip-unneeded <"$stage/.suite-elf" ||
	fail "cannot strip the suite's binaries in $stage"

cp "$init" "$stage/init" || exit 3
chmod 755 "$stage/init" || exit 3
mkdir -p "$stage/ltp-vm" || exit 3
# The kernel modules where modprobe looks for them, with their index made
# here by depmod: the guest loads a file system's module on first use, as
# a distribution does (the kernel asks /sbin/modprobe), not at boot.
if [ -n "$modules" ] && [ -f "$modules/order" ]; then
	first=$(head -n 1 "$modules/order")
	release=$(modinfo -F vermagic "$modules/$first" | cut -d ' ' -f 1)
	[ -n "$release" ] || fail "$modules/$first has no vermagic"
	dir=$stage/usr/lib/modules/$release
	mkdir -p "$dir/ltp-vm" || exit 3
	cp "$modules"/*.ko "$dir/ltp-vm/" || fail "cannot copy $modules"
	for f in modules.builtin modules.builtin.modinfo; do
		[ ! -f "$modules/$f" ] || cp "$modules/$f" "$dir/" || exit 3
	done
	depmod=$(PATH=$tool_path command -v depmod) ||
		fail "depmod not found (apt-get install kmod)"
	# It warns of the index files a full module tree has; ours is not.
	: >"$dir/modules.order"
	if ! "$depmod" -b "$stage" "$release" 2>"$stage/.depmod.log"; then
		cat "$stage/.depmod.log" >&2
		fail "depmod -b $stage $release failed"
	fi
	rm -f "$stage/.depmod.log"
fi

# Shared libraries: every absolute path ldd prints for the host tools and
# the suite's executables (scripts just make ldd complain). One ldd run
# for many files; its "FILE:" headers are not libraries.
# ldd is a script that runs the loader once a file: far too slow for the
# suite's hundreds of tests, which need the same few libraries. Group
# them by their NEEDED list and ask ldd about one file a group.
[ ! -s "$stage/.suite-elf" ] ||
	xargs readelf -d "$stage/usr/bin/busybox" <"$stage/.suite-elf" 2>/dev/null |
	awk '/^File: / { if (f != "") print need "|" f; f = $2; need = "" }
	     /\(NEEDED\)/ { need = need " " $NF }
	     END { if (f != "") print need "|" f }' |
	awk -F '|' '$1 != "" && !seen[$1]++ { print $2 }' >"$stage/.suite-ldd"
{
	xargs ldd <"$stage/.elf-list"
	[ ! -s "$stage/.suite-ldd" ] || xargs ldd <"$stage/.suite-ldd"
	[ ! -f "$stage/.nfs-list" ] ||
		xargs env LD_LIBRARY_PATH="$nfs_libpath" ldd <"$stage/.nfs-list"
} 2>/dev/null | awk '{ for (i = 1; i <= NF; i++)
	if ($i ~ /^\// && $i !~ /:$/) print $i }' >"$stage/.lib-list"
for lib in $DLOPEN_LIBS; do
	PATH=$tool_path ldconfig -p 2>/dev/null | awk -v l="$lib" \
		'$1 == l && /x86-64/ { print $NF; exit }' >>"$stage/.lib-list"
done
sort -u "$stage/.lib-list" | while IFS= read -r lib; do
	case $lib in "$stage"/*) continue ;; esac
	if [ -n "$nfs_root" ] && [ "${lib#"$nfs_root"/}" != "$lib" ]; then
		dest=$stage${lib#"$nfs_root"}
		[ -e "$dest" ] && continue
		mkdir -p "$(dirname "$dest")" && cp -L "$lib" "$dest" ||
			fail "cannot copy $lib into $stage"
	else
		[ -e "$stage$lib" ] || copy_host_file "$lib"
	fi
done || exit 3
rm -f "$stage/.elf-list" "$stage/.lib-list" "$stage/.nfs-list" \
	"$stage/.suite-elf" "$stage/.suite-ldd"
