#!/bin/sh
# mkinitramfs.sh STAGE OUTPUT INIT SUITE GUEST_PREFIX GUEST_CONFIG [EXTRA [NFS_ROOT]]
#
# Build the guest's root file system in the empty directory STAGE and
# pack it into OUTPUT (cpio newc, gzip):
#   - a merged-/usr skeleton, /etc/passwd and /etc/group with root, bin,
#     daemon and nobody (tests drop privileges to nobody);
#   - the static busybox (the guest's init links its applets), dash as /bin/sh when the
#     host has it (the shell the suite's scripts are written against);
#   - the host's file system tools the tests run (HOST_TOOLS below);
#   - the installed suite SUITE copied to GUEST_PREFIX, then the files of
#     the directory EXTRA over it (the test modules built for the kernel);
#   - INIT as /init, and the directory GUEST_CONFIG as /ltp-vm;
#   - with NFS_ROOT (a tree unpacked by fetch-nfs.sh), the NFS userland
#     (NFS_TOOLS below) in /usr/sbin, the users its daemons run as, and
#     /etc/netconfig, /etc/services, /etc/protocols, /etc/rpc;
#   - every shared library the binaries above need, found with ldd (in
#     NFS_ROOT first for the NFS tools).
# Host tools that are missing are reported and left out: the tests that
# need them report TCONF in the guest.
set -u

prog=mkinitramfs.sh
if [ $# -lt 6 ] || [ $# -gt 8 ]; then
	echo "usage: $prog STAGE OUTPUT INIT SUITE GUEST_PREFIX GUEST_CONFIG [EXTRA [NFS_ROOT]]" >&2
	exit 3
fi
stage=$1
output=$2
init=$3
suite=$4
guest_prefix=$5
guest_config=$6
extra=${7:-}
nfs_root=${8:-}

# Binaries looked up in the host's PATH plus the sbin directories.
HOST_TOOLS="dash mke2fs mkfs.ext2 mkfs.ext3 mkfs.ext4 e2fsck tune2fs
mkfs.xfs xfs_repair mkfs.btrfs mkfs.vfat mkswap losetup blkid"
# Libraries loaded with dlopen, which ldd cannot see: glibc needs
# libgcc_s for pthread_cancel and thread unwinding.
DLOPEN_LIBS="libgcc_s.so.1"
# The guest's NFS server and client userland (ltp-vm --nfs), from NFS_ROOT.
NFS_TOOLS="rpcbind rpcinfo rpc.statd rpc.mountd rpc.nfsd exportfs mount.nfs
umount.nfs showmount"

fail() {
	echo "$prog: $*" >&2
	exit 3
}

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
tool_path=$PATH:/usr/sbin:/sbin:/usr/bin:/bin
for tool in $HOST_TOOLS; do
	path=$(PATH=$tool_path command -v "$tool") || {
		echo "$prog: note: $tool not found on this host, left out" >&2
		continue
	}
	copy_host_file "$path"
	echo "$path" >>"$stage/.elf-list"
done

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
# The guest's init makes the applet links (busybox --install -s): one
# process there instead of hundreds of ln here.
cp -L "$busybox" "$stage/usr/bin/busybox" || exit 3
# /init needs /bin/sh before any link exists.
if [ -x "$stage/usr/bin/dash" ]; then
	ln -s dash "$stage/usr/bin/sh"
else
	ln -s busybox "$stage/usr/bin/sh"
fi

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

cp "$init" "$stage/init" || exit 3
chmod 755 "$stage/init" || exit 3
cp -a "$guest_config" "$stage/ltp-vm" || exit 3

# Shared libraries: every absolute path ldd prints for the host tools and
# the suite's executables (scripts just make ldd complain). One ldd run
# for many files; its "FILE:" headers are not libraries.
{
	xargs ldd <"$stage/.elf-list"
	find "$stage$guest_prefix" -type f -perm -u+x -exec ldd {} +
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
rm -f "$stage/.elf-list" "$stage/.lib-list" "$stage/.nfs-list"

# cpio from inside the stage: names relative to the guest's root, every
# file owned by root whoever runs this.
(cd "$stage" && find . ! -name . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$output" ||
	fail "cannot write $output"
