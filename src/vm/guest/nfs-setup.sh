#!/bin/sh
# nfs-setup.sh VERSIONS ENVFILE
#
# Run by the guest's /init (ltp-vm --nfs): serve NFS on the guest's own
# loopback and mount it once for each NFS version in VERSIONS (comma
# separated: 3, 4, 4.0, 4.1, 4.2). The kernel's NFS server and client
# are either built in or loaded by init as modules (nfsd, nfsv3, nfsv4).
#
# The export is /tmp/nfs-export on the guest's ext4 scratch disk (/tmp),
# exported rw,sync,no_root_squash to 127.0.0.1; version V is mounted on
# /mnt/nfsV without the dot (/mnt/nfs3, /mnt/nfs42) with vers=V. For the
# tests, ENVFILE gets NAME=VALUE lines:
#   LTP_NFS_EXPORT=/tmp/nfs-export  the exported directory, as the server
#                                   sees it (a local view of the files)
#   LTP_NFS3_DIR=/mnt/nfs3          one per mounted version
#   LTP_NFS42_DIR=/mnt/nfs42
#   LTP_NFS_VERSIONS=3,4.2          the versions that are mounted
# A version that cannot be mounted is reported on the console and left
# out: the tests that need it report TCONF.
#
# NFSv4 grace is ended at once (v4_end_grace) and lockd's grace period
# shortened to 3 s (nlm_grace_period, nlm_timeout), and waited out, so
# that the first OPEN or lock does not stall for 90 s.

versions=$1
envfile=$2
export_dir=/tmp/nfs-export
say() {
	echo "ltp-vm nfs-setup: $*"
}

# The sysctls of lockd exist once lockd is loaded or built in.
write_proc() {
	[ -e "$1" ] && echo "$2" >"$1" 2>/dev/null
}

mkdir -p "$export_dir" /run/rpcbind /var/lib/nfs/sm /var/lib/nfs/sm.bak \
	/var/lib/nfs/v4recovery /proc/fs/nfsd
chmod 1777 "$export_dir"
chown _rpc /run/rpcbind 2>/dev/null
: >>/var/lib/nfs/etab
: >>/var/lib/nfs/rmtab
grep -q ltp-vm /etc/hosts || echo "127.0.1.1	ltp-vm" >>/etc/hosts

if ! grep -q nfsd /proc/filesystems; then
	say "the kernel has no nfsd file system (CONFIG_NFSD or the nfsd module): no NFS"
	exit 1
fi
mount -t nfsd nfsd /proc/fs/nfsd || { say "cannot mount /proc/fs/nfsd"; exit 1; }

write_proc /proc/sys/fs/nfs/nlm_timeout 3
write_proc /proc/sys/fs/nfs/nlm_grace_period 3
# Before nfsd starts: the shortest lease and grace nfsd accepts.
write_proc /proc/fs/nfsd/nfsv4leasetime 10
write_proc /proc/fs/nfsd/nfsv4gracetime 10

rpcbind || { say "rpcbind failed"; exit 1; }
rpc.statd --no-notify || say "rpc.statd failed: NFSv3 locks will fail"
echo "$export_dir 127.0.0.1(rw,sync,no_root_squash,no_subtree_check,insecure)" \
	>/etc/exports
exportfs -ra || { say "exportfs failed"; exit 1; }
rpc.mountd || { say "rpc.mountd failed"; exit 1; }
rpc.nfsd 8 || { say "rpc.nfsd failed"; exit 1; }
started=$(cut -d. -f1 /proc/uptime)
write_proc /proc/fs/nfsd/v4_end_grace Y ||
	say "cannot end the NFSv4 grace period: the first NFSv4 OPEN may wait for it"

mounted=
{
	echo "LTP_NFS_EXPORT=$export_dir"
	for vers in $(echo "$versions" | tr ',' ' '); do
		case $vers in
		3 | 4 | 4.0 | 4.1 | 4.2) ;;
		*) say "NFS version '$vers' unknown, skipped"; continue ;;
		esac
		mnt=/mnt/nfs$(echo "$vers" | tr -d .)
		mkdir -p "$mnt"
		if mount.nfs "127.0.0.1:$export_dir" "$mnt" -o "vers=$vers" >&2; then
			say "NFSv$vers mounted on $mnt" >&2
			echo "LTP_NFS$(echo "$vers" | tr -d .)_DIR=$mnt"
			mounted=$mounted${mounted:+,}$vers
		else
			say "cannot mount NFSv$vers on $mnt" >&2
		fi
	done
	echo "LTP_NFS_VERSIONS=$mounted"
} >"$envfile"

# lockd's grace period (3 s from nfsd's start) must be over before the
# first NFSv3 lock, or the client waits and retries.
while [ $(($(cut -d. -f1 /proc/uptime) - started)) -le 3 ]; do
	sleep 1
done
grep ' nfs' /proc/mounts
exit 0
