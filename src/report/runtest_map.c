// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "runtest_map.h"
#include "strbuf.h"

void runtest_map_load(const struct run_records *rr, const char *dir,
			 struct runtest_map *m)
{
	struct strbuf path = STRBUF_INIT;
	const char *base;
	size_t i, from;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < rr->runtest_n; i++) {
		base = strrchr(rr->runtest[i], '/');
		base = base ? base + 1 : rr->runtest[i];
		sb_reset(&path);
		/* the run's paths are the guest's: --runtest-dir first */
		if (dir)
			sb_printf(&path, "%s/%s", dir, base);
		else
			sb_adds(&path, rr->runtest[i]);
		from = m->tests.n;
		runtest_load(path.buf, &m->tests);
		m->names = xrealloc(m->names, (m->tests.n + 1) *
				    sizeof(*m->names));
		for (; from < m->tests.n; from++)
			m->names[from] = (char *)base;
	}
	sb_free(&path);
}

const char *runtest_map_name(const struct runtest_map *m, const char *tag)
{
	size_t i;

	for (i = 0; i < m->tests.n; i++) {
		if (!strcmp(m->tests.v[i].tag, tag))
			return m->names[i];
	}
	return "-";
}

