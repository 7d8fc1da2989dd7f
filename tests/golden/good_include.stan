functions {
#include "include/util.stanfunctions"
}
transformed data {
  real x = twice(2.0);
}
