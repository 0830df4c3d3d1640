# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# A file tree for archiver round trips (tar01.sh, cpio01.sh), sourced
# through PATH after tst_test.sh. The tree holds one of each thing an
# archiver must carry through the kernel's file system calls: binary,
# empty and large regular files, odd and long names, modes, fixed
# modification times (utimensat), a symbolic link (symlinkat, readlinkat),
# a hard link pair (linkat) and a FIFO (mknodat).

# A name longer than the 100 bytes of a ustar name field.
archive_tree_long="long_directory_name_0123456789_0123456789_0123456789/another_long_directory_0123456789_0123456789/file_with_a_long_name_0123456789"

archive_tree_make()
{
	ROD mkdir -p "$1/sub/deeper" "$1/${archive_tree_long%/*}"
	# every byte value, NUL included
	ROD "printf '\\000\\001\\002\\177\\200\\377 binary\\n' > '$1/binary'"
	ROD ": > '$1/empty'"
	ROD "echo spaces > '$1/name with spaces'"
	ROD "echo long > '$1/$archive_tree_long'"
	# larger than a pipe buffer
	ROD dd if=/dev/urandom of="$1/large" bs=64k count=4 2> /dev/null
	ROD "echo linked > '$1/sub/hard1'"
	ROD ln "$1/sub/hard1" "$1/sub/deeper/hard2"
	ROD ln -s ../binary "$1/sub/link"
	ROD mkfifo "$1/sub/fifo"
	ROD chmod 0640 "$1/binary"
	ROD chmod 0604 "$1/empty"
	ROD chmod 0700 "$1/large"
	ROD chmod 0750 "$1/sub"
	ROD touch -t 200102030405.06 "$1/binary" "$1/empty" "$1/sub/hard1" \
		"$1/sub/fifo" "$1/large"
}

# One line per entry with what must survive the round trip. Directory and
# symlink times are left out: not every archiver restores them.
archive_tree_list()
{
	(
		cd "$1" || exit 1
		find . | LC_ALL=C sort | while IFS= read -r path; do
			if [ -h "$path" ]; then
				echo "$path symlink -> $(readlink "$path")"
			elif [ -d "$path" ]; then
				echo "$path $(stat -c '%F %a' "$path")"
			elif [ -f "$path" ]; then
				echo "$path $(stat -c '%F %a %s %Y links=%h' "$path") $(md5sum < "$path")"
			else
				echo "$path $(stat -c '%F %a %Y' "$path")"
			fi
		done
	)
}

# archive_tree_check SRC DST WHAT: TPASS when DST is SRC again, TFAIL
# naming each difference otherwise.
archive_tree_check()
{
	archive_tree_list "$1" > tree.src || tst_brk TBROK "cannot list $1"
	archive_tree_list "$2" > tree.dst || tst_brk TBROK "cannot list $2"
	if [ "$(wc -l < tree.src)" -lt 12 ]; then
		tst_brk TBROK "the source tree is incomplete: $(cat tree.src)"
	fi
	if ! cmp -s tree.src tree.dst; then
		tst_res TFAIL "$3: the extracted tree differs from the original"
		diff tree.src tree.dst | sed 's/^/    /'
		return
	fi
	if [ "$(stat -c %i "$2/sub/hard1")" != "$(stat -c %i "$2/sub/deeper/hard2")" ]; then
		tst_res TFAIL "$3: the hard link pair was extracted as two files"
		return
	fi
	tst_res TPASS "$3: contents, modes, times, links and the FIFO survived"
}
