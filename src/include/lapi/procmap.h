/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The PROCMAP_QUERY ioctl of /proc/PID/maps (Linux 6.11,
 * include/uapi/linux/fs.h), which the build machine's kernel headers may
 * lack. The structure has a name of its own: <linux/fs.h> of a newer
 * machine declares struct procmap_query.
 */
#ifndef LAPI_PROCMAP_H
#define LAPI_PROCMAP_H

#include <stdint.h>
#include <sys/ioctl.h>

struct ltp_procmap_query {
	uint64_t size;
	uint64_t query_flags;
	uint64_t query_addr;
	uint64_t vma_start;
	uint64_t vma_end;
	uint64_t vma_flags;
	uint64_t vma_page_size;
	uint64_t vma_offset;
	uint64_t inode;
	uint32_t dev_major;
	uint32_t dev_minor;
	uint32_t vma_name_size;
	uint32_t build_id_size;
	uint64_t vma_name_addr;
	uint64_t build_id_addr;
};

#define LTP_PROCFS_IOCTL_MAGIC		'f'
#define LTP_PROCMAP_QUERY		_IOWR(LTP_PROCFS_IOCTL_MAGIC, 17, \
					      struct ltp_procmap_query)

/* enum procmap_query_flags */
#define LTP_PROCMAP_QUERY_VMA_READABLE		0x01
#define LTP_PROCMAP_QUERY_VMA_WRITABLE		0x02
#define LTP_PROCMAP_QUERY_VMA_EXECUTABLE	0x04
#define LTP_PROCMAP_QUERY_VMA_SHARED		0x08
#define LTP_PROCMAP_QUERY_COVERING_OR_NEXT_VMA	0x10
#define LTP_PROCMAP_QUERY_FILE_BACKED_VMA	0x20

#endif /* LAPI_PROCMAP_H */
