/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Result types. The values are the exit-value bits where one exists. */
#ifndef TST_RES_FLAGS_H
#define TST_RES_FLAGS_H

#define TPASS	0
#define TFAIL	1
#define TBROK	2
#define TWARN	4
#define TINFO	16
#define TCONF	32
#define TTYPE_MASK	0x3f

#define TERRNO	0x100	/* append errno name and text */
#define TTERRNO	0x200	/* append TST_ERR name and text */

#define TTYPE_RESULT(ttype)	((ttype) & TTYPE_MASK)

#endif /* TST_RES_FLAGS_H */
