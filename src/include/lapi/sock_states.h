/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's socket states (include/net/tcp_states.h), as sock_diag
 * reports them (idiag_state, udiag_state) and takes them in a state mask
 * (1 << state). <netinet/tcp.h> has them as an enum that clashes with
 * <linux/tcp.h>, which the tests need for struct tcp_info, so they have
 * names of their own here.
 */
#ifndef LAPI_SOCK_STATES_H
#define LAPI_SOCK_STATES_H

enum {
	SK_ST_ESTABLISHED = 1,
	SK_ST_SYN_SENT,
	SK_ST_SYN_RECV,
	SK_ST_FIN_WAIT1,
	SK_ST_FIN_WAIT2,
	SK_ST_TIME_WAIT,
	SK_ST_CLOSE,
	SK_ST_CLOSE_WAIT,
	SK_ST_LAST_ACK,
	SK_ST_LISTEN,
	SK_ST_CLOSING,
	SK_ST_NEW_SYN_RECV,
	SK_ST_MAX
};

#define SK_ST_ALL ((1U << SK_ST_MAX) - 1)

#endif /* LAPI_SOCK_STATES_H */
