use iri_abnf::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g: Grammar = args[1].parse().unwrap();
    let rule = &args[2];
    for input in &args[3..] {
        match parse_rule(g, rule, input) {
            Ok(p) => {
                let mut s = String::new();
                p.tree.write_tree(input, &mut s);
                println!("OK\n{s}{:?}", p.components);
            }
            Err(e) => println!("ERR {e}"),
        }
    }
}
