/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The symbol ltp_test_mod exports and ltp_test_mod_dep uses. */
#ifndef LTP_TEST_MOD_H
#define LTP_TEST_MOD_H

int ltp_test_mod_value(void);

#endif /* LTP_TEST_MOD_H */
