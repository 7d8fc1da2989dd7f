real x;
model {
}
