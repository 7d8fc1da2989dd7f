#include//
model {}
