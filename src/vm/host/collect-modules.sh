#!/bin/sh
# collect-modules.sh MODDIR OUTDIR NAME...
#
# Copy the kernel modules NAME... and every module they depend on from
# MODDIR (a lib/modules/RELEASE tree) into OUTDIR as plain .ko files
# (.ko.xz/.ko.zst/.ko.gz are decompressed here, on the host, so the
# guest needs no decompressor), and write OUTDIR/order: one file name a
# line, dependencies first, the order the guest's insmod needs.
#
# Hard dependencies come from modinfo's "depends"; "pre:" soft
# dependencies are added when they name a module of the tree, directly or
# through modules.alias. A NAME built into the kernel (modules.builtin) or
# absent from the tree is reported on stderr and skipped: a test needing
# it then says TCONF in the guest.
set -u

prog=collect-modules.sh
if [ $# -lt 2 ]; then
	echo "usage: $prog MODDIR OUTDIR NAME..." >&2
	exit 3
fi
moddir=$1
outdir=$2
shift 2
if [ ! -d "$moddir" ]; then
	echo "$prog: $moddir: no such module directory" >&2
	exit 3
fi
mkdir -p "$outdir" || exit 3
work=$(mktemp -d "${TMPDIR:-/tmp}/collect-modules.XXXXXX") || exit 3
trap 'rm -rf "$work"' EXIT

# "name path" for every module file; names use '_' as modinfo prints them.
find "$moddir" -type f \( -name '*.ko' -o -name '*.ko.xz' -o \
	-name '*.ko.zst' -o -name '*.ko.gz' \) |
	awk '{ n = $0; sub(/.*\//, "", n); sub(/\.ko(\.(xz|zst|gz))?$/, "", n);
	       gsub(/-/, "_", n); print n, $0 }' >"$work/index"

module_file() {
	awk -v n="$1" '$1 == n { print $2; exit }' "$work/index"
}

is_builtin() {
	[ -f "$moddir/modules.builtin" ] &&
		sed 's,.*/,,; s,\.ko$,,; s,-,_,g' "$moddir/modules.builtin" |
		grep -qx "$1"
}

# Module names providing alias $1 (for soft dependencies like
# "crypto-crc32c"); empty without modules.alias.
alias_providers() {
	[ -f "$moddir/modules.alias" ] || return 0
	awk -v a="$1" '$1 == "alias" && $2 == a { print $3 }' \
		"$moddir/modules.alias"
}

decompress() {
	case $1 in
	*.ko.xz) xz -dc "$1" ;;
	*.ko.zst) zstd -dcq "$1" ;;
	*.ko.gz) gzip -dc "$1" ;;
	*) cat "$1" ;;
	esac
}

: >"$work/pairs"
todo=$(echo "$*" | tr '-' '_')
seen=" "
while [ -n "$todo" ]; do
	# shellcheck disable=SC2086 # word list on purpose
	set -- $todo
	name=$1
	shift
	todo=$*
	case $seen in *" $name "*) continue ;; esac
	seen="$seen$name "

	file=$(module_file "$name")
	if [ -z "$file" ]; then
		if is_builtin "$name"; then
			echo "$prog: $name is built into the kernel" >&2
		else
			echo "$prog: $name: no such module in $moddir, skipped" >&2
		fi
		continue
	fi
	if ! decompress "$file" >"$outdir/$name.ko"; then
		echo "$prog: cannot decompress $file" >&2
		exit 3
	fi
	echo "$name $name" >>"$work/pairs"

	# modinfo spells names as the files are (libcurve25519-generic)
	deps=$(modinfo -F depends "$outdir/$name.ko" | tr ',-' ' _')
	soft=$(modinfo -F softdep "$outdir/$name.ko" |
		awk '{ for (i = 1; i <= NF; i++) {
			if ($i == "pre:" || $i == "post:") mode = $i
			else if (mode == "pre:") print $i } }')
	for dep in $deps; do
		# A built-in dependency needs no loading (reported above).
		[ -n "$(module_file "$dep")" ] &&
			echo "$dep $name" >>"$work/pairs"
		todo="$todo $dep"
	done
	for dep in $soft; do
		# A module name has '_' for '-'; an alias keeps its own spelling
		# ("crypto-crc32c", which ext4 and libcrc32c ask for).
		mod=$(echo "$dep" | tr '-' '_')
		if [ -n "$(module_file "$mod")" ]; then
			providers=$mod
		else
			providers=$(alias_providers "$dep" | tr '-' '_')
		fi
		for p in $providers; do
			[ -n "$(module_file "$p")" ] || continue
			echo "$p $name" >>"$work/pairs"
			todo="$todo $p"
		done
	done
done

# modprobe in the guest needs these to tell built-in modules from missing.
for f in modules.builtin modules.builtin.modinfo; do
	[ ! -f "$moddir/$f" ] || cp "$moddir/$f" "$outdir/" || exit 3
done

# tsort prints each module after everything it depends on.
tsort "$work/pairs" | sed 's/$/.ko/' >"$outdir/order" || exit 3
