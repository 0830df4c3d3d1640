# shellcheck shell=sh
# Sourced by ltp-vm: what a guest boots from, built once and reused by
# content hash under $opt_cache, so that a second run of an unchanged
# suite on an unchanged kernel builds nothing. Each function prints the
# path of what it made or found; a key covers every input the result is
# made from, so a changed suite, kernel, module list, host tool or one of
# these scripts makes a new entry (the old ones are pruned).
#
# Uses from ltp-vm: opt_cache, vmdata, suite, opt_guest_prefix, release,
# nfs_root, boot_modules, guest_modules, extra, work, opt_keep, say.
# shellcheck disable=SC2154 # all of those are set by ltp-vm

# Short hex digest of stdin.
digest() {
	sha256sum | cut -c 1-16
}

# Digest of the files under directory $1 (its top-level results and
# output directories left out: an installed suite's runs): names, modes,
# sizes, modification times and link targets (no time for directories:
# their entries are listed, and a fresh empty one must digest the same). Reading every byte of a
# 100 MB suite would cost more than the rest of a warm start; a change
# that keeps a file's size and time to the nanosecond does not happen by
# installing.
tree_digest() {
	(
		cd "$1" || exit 1
		find . \( -path ./results -o -path ./output \) -prune -o \
			-type d -printf '%p d %m\n' -o \
			-printf '%p %y %m %s %T@ %l\n' | LC_ALL=C sort
	) | digest
}

# Size and change time of files, for inputs too big to read every run.
stat_digest() {
	for f; do
		stat -L -c '%n %s %Y' "$f" 2>/dev/null || echo "$f missing"
	done | digest
}

# keep_newest DIR PATTERN N: remove all but the N newest entries.
keep_newest() {
	# shellcheck disable=SC2012 # names made here: no newlines
	# shellcheck disable=SC2086 # $2 is a glob
	ls -td "$1"/$2 2>/dev/null | tail -n +$(($3 + 1)) |
		while IFS= read -r old; do rm -rf "$old"; done
}

# cached_modules MODDIR NAME...: collect-modules.sh's output directory.
cached_modules() {
	cm_moddir=$(cd "$1" && pwd -P) || return 1
	shift
	cm_key=$({
		echo "$cm_moddir $*"
		stat_digest "$cm_moddir/modules.dep" "$cm_moddir/modules.order"
		cat "$vmdata/host/collect-modules.sh"
	} | digest)
	cm_dir=$opt_cache/modules/$cm_key
	if [ ! -f "$cm_dir/order" ]; then
		rm -rf "$cm_dir.tmp.$$"
		sh "$vmdata/host/collect-modules.sh" "$cm_moddir" "$cm_dir.tmp.$$" "$@" ||
			{ rm -rf "$cm_dir.tmp.$$"; return 1; }
		rm -rf "$cm_dir"
		mv "$cm_dir.tmp.$$" "$cm_dir" || return 1
		keep_newest "$opt_cache/modules" '*' 16
	fi
	echo "$cm_dir"
}

# cached_test_modules KBUILD|stock: a tree holding
# testcases/data/modules/RELEASE/*.ko, built against KBUILD.
cached_test_modules() {
	ct_kbuild=$1
	[ "$ct_kbuild" = stock ] || ct_kbuild=$(cd "$ct_kbuild" && pwd -P) || return 1
	ct_key=$({
		echo "$release $ct_kbuild"
		stat_digest "$ct_kbuild/Module.symvers" "$ct_kbuild/.config"
		cat "$vmdata/host/build-test-module.sh"
		tree_digest "$vmdata/test-module"
	} | digest)
	ct_dir=$opt_cache/test-modules/$ct_key
	if [ ! -d "$ct_dir/testcases" ]; then
		rm -rf "$ct_dir.tmp.$$"
		sh "$vmdata/host/build-test-module.sh" "$vmdata/test-module" \
			"$release" "$ct_dir.tmp.$$" "$ct_kbuild" "$opt_cache" >/dev/null ||
			{ rm -rf "$ct_dir.tmp.$$"; return 1; }
		rm -rf "$ct_dir"
		mv "$ct_dir.tmp.$$" "$ct_dir" || return 1
		keep_newest "$opt_cache/test-modules" '*' 8
	fi
	echo "$ct_dir"
}

# cached_root_image: the ext4 root disk (stage-root.sh, mkimage.sh).
cached_root_image() {
	cr_start=$(date +%s)
	cr_key=$({
		echo "$opt_guest_prefix $nfs_root $guest_modules"
		tree_digest "$suite"
		[ ! -d "$extra" ] || tree_digest "$extra"
		# Host tools by name; their libraries change with the packages.
		# shellcheck disable=SC2046 # one path a line
		stat_digest $(sh "$vmdata/host/stage-root.sh" --host-inputs) \
			/var/lib/dpkg/status
		cat "$vmdata/host/stage-root.sh" "$vmdata/host/mkimage.sh" \
			"$vmdata/host/script-args.sh" "$vmdata/guest/init"
	} | digest)
	cr_image=$opt_cache/images/root-$cr_key.img
	if [ -f "$cr_image" ]; then
		touch "$cr_image"
		say "root image: reused $cr_image" >&2
		echo "$cr_image"
		return 0
	fi
	say "root image: building $cr_image from $suite" >&2
	mkdir -p "$opt_cache/images" || return 1
	cr_stage=$work/stage
	rm -rf "$cr_stage"
	if ! sh "$vmdata/host/stage-root.sh" "$cr_stage" "$vmdata/guest/init" "$suite" \
		"$opt_guest_prefix" "$guest_modules" "$extra" "$nfs_root" >&2 ||
		! sh "$vmdata/host/mkimage.sh" "$cr_stage" "$cr_image.$$"; then
		rm -f "$cr_image.$$"
		return 1
	fi
	mv "$cr_image.$$" "$cr_image" || return 1
	[ "$opt_keep" = 1 ] || rm -rf "$cr_stage"
	keep_newest "$opt_cache/images" 'root-*.img' 4
	say "root image: $(du -k "$cr_image" | cut -f 1) KB used, built in $(($(date +%s) - cr_start)) s" >&2
	echo "$cr_image"
}

# cached_boot_initramfs: busybox, init-boot and the virtio modules.
cached_boot_initramfs() {
	cb_key=$({
		echo "$boot_modules"
		stat_digest "$(command -v busybox)"
		cat "$vmdata/guest/init-boot" "$vmdata/host/mkinitramfs.sh" \
			"$vmdata/host/script-args.sh"
	} | digest)
	cb_file=$opt_cache/images/boot-$cb_key.cpio.gz
	if [ ! -f "$cb_file" ]; then
		mkdir -p "$opt_cache/images" || return 1
		if ! sh "$vmdata/host/mkinitramfs.sh" "$cb_file.$$" \
			"$vmdata/guest/init-boot" "$boot_modules"; then
			rm -f "$cb_file.$$"
			return 1
		fi
		mv "$cb_file.$$" "$cb_file" || return 1
		keep_newest "$opt_cache/images" 'boot-*.cpio.gz' 4
	fi
	touch "$cb_file"
	echo "$cb_file"
}

# unpacked_deb DEB: a linux-image .deb unpacked into the cache (dpkg -x,
# nothing installed here), with the modules.dep its postinst would make.
unpacked_deb() {
	ud_deb=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
	ud_key=$(stat_digest "$ud_deb")
	ud_dir=$opt_cache/debs/$ud_key
	if [ ! -f "$ud_dir/.complete" ]; then
		command -v dpkg >/dev/null || { warn "dpkg not found: cannot unpack $1"; return 1; }
		rm -rf "$ud_dir.tmp.$$"
		mkdir -p "$ud_dir.tmp.$$" || return 1
		if ! dpkg -x "$ud_deb" "$ud_dir.tmp.$$"; then
			rm -rf "$ud_dir.tmp.$$"
			warn "dpkg -x $1 failed"
			return 1
		fi
		for ud_base in "$ud_dir.tmp.$$" "$ud_dir.tmp.$$/usr"; do
			for ud_mod in "$ud_base"/lib/modules/*/; do
				[ -d "$ud_mod" ] || continue
				ud_rel=$(basename "$ud_mod")
				PATH=$PATH:/usr/sbin:/sbin depmod -b "$ud_base" "$ud_rel" ||
					warn "depmod of $ud_rel in $1 failed"
			done
		done
		: >"$ud_dir.tmp.$$/.complete"
		rm -rf "$ud_dir"
		mv "$ud_dir.tmp.$$" "$ud_dir" || return 1
		keep_newest "$opt_cache/debs" '*' 4
	fi
	echo "$ud_dir"
}
