// A model without data or parameters: an empty object.
model {
}
