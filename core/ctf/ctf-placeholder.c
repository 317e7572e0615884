/* Placeholder until the CTF reader lands. */
#include "config.h"
