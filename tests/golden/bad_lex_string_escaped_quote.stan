transformed data {
  print("say \"hi\"");
}
