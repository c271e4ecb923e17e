#include "CStatecraftRuntime.h"

static _Thread_local const void *open_transaction;

const void *statecraft_observation_transaction(void) {
  return open_transaction;
}

void statecraft_set_observation_transaction(const void *transaction) {
  open_transaction = transaction;
}
