/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-requests.h: the state machine's block requests (block-requests.c):
 * each device's requests in flight, as its Block/<dev>/Requests
 * attribute, and every request once matched. */
#pragma once

#include <lttv/history.h>
#include <lttv/state.h>

typedef struct _BlockRequests BlockRequests;

/* Devices' attributes go under `root`. */
BlockRequests *block_requests_new (LttvHistory *h, LttvAttr root);
void block_requests_free (BlockRequests *b);
void block_requests_issue (BlockRequests *b, LttvTime t, int64_t dev, int64_t sector);
/* FALSE when the request was never issued (before the trace began, or its
 * issue was lost): it is listed all the same. */
gboolean block_requests_complete (BlockRequests *b, LttvTime t, int64_t dev, int64_t sector);
/* Every request (LttvBlockRequest), completed ones in completion order,
 * then those still in flight; the caller's. */
GArray *block_requests_take (BlockRequests *b);
