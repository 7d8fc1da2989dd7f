transformed data {
  vector[2] a = [1, 2]';
  vector[2] b = [3, 4]';
  vector[2] c = a .* b + a ./ b;
  vector[2] d = a .^ 2;
}
