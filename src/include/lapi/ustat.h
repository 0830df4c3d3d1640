/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * struct ustat of include/uapi/linux/types.h under a name of its own:
 * glibc 2.28 removed <ustat.h>.
 */
#ifndef LAPI_USTAT_H
#define LAPI_USTAT_H


struct kustat {
	int f_tfree;
	unsigned long f_tinode;
	char f_fname[6];
	char f_fpack[6];
};

#endif /* LAPI_USTAT_H */
