/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan-shown.c: what babeltrace2 shows as event data (its "in IR"
 * rule): special fields are hidden unless another field depends on them. */
#include "config.h"

#include "ctf-plan.h"

void
ctf_plan_force_out (CtfType *t)
{
  if (t == NULL)
    return;
  t->in_ir = FALSE;
  for (guint i = 0; i < t->n_fields; i++)
    ctf_plan_force_out (t->fields[i].type);
  if (t->elem != NULL)
    ctf_plan_force_out (t->elem);
}

void
ctf_plan_update_in_ir (CtfType *t)
{
  if (t == NULL)
    return;
  switch (t->kind)
    {
    case CTF_T_INT:
      if ((t->clock == NULL && t->meaning == CTF_MEAN_NONE)
          || t->has_dependents)
        t->in_ir = TRUE;
      break;
    case CTF_T_STRUCT:
      if (t->n_fields == 0)
        t->in_ir = TRUE;
      for (guint i = t->n_fields; i-- > 0;)
        {
          ctf_plan_update_in_ir (t->fields[i].type);
          if (t->fields[i].type->in_ir)
            t->in_ir = TRUE;
        }
      break;
    case CTF_T_VARIANT:
      for (guint i = t->n_fields; i-- > 0;)
        {
          ctf_plan_update_in_ir (t->fields[i].type);
          if (t->fields[i].type->in_ir)
            t->in_ir = TRUE;
        }
      if (t->in_ir)
        {
          for (guint i = 0; i < t->n_fields; i++)
            t->fields[i].type->in_ir = TRUE;
          t->ref_type->has_dependents = TRUE;
        }
      break;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      ctf_plan_update_in_ir (t->elem);
      t->in_ir = t->elem->in_ir;
      if (t->kind == CTF_T_ARRAY && t->meaning == CTF_MEAN_UUID)
        t->in_ir = t->elem->in_ir = FALSE;
      if (t->kind == CTF_T_SEQ && t->in_ir)
        t->ref_type->has_dependents = TRUE;
      break;
    default:
      t->in_ir = TRUE;
      break;
    }
}
