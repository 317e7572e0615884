/* layout.h: tracer layouts (docs/state-model.md, Layouts). When a trace
 * opens, each event class is resolved once into a handler (what it means
 * for the state, and its fields as LttvFieldRef); per event, the handler
 * table is indexed by lttv_event_class_index. Internal to the core. */
#pragma once

#include <lttv/traceset.h>

#include "machine.h"

typedef struct _StateLayout StateLayout;

/* The handlers of every event class of `trace`; strings are interned in
 * `h`. */
StateLayout *state_layout_new (LttvTrace *trace, LttvHistory *h);
void state_layout_free (StateLayout *l);
/* Applies `ev` (an event of the layout's trace) to the machine. */
void state_layout_apply (StateLayout *l, StateMachine *m,
                         const LttvEvent *ev);
/* TRUE for perf traces, FALSE for LTTng. */
gboolean state_layout_is_perf (const StateLayout *l);
