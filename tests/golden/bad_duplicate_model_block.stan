model {
}
model {
}
