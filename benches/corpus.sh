# Sourced by the bench scripts: `decompressed NAME FILE.gz` prints the path of FILE.gz decompressed
# once into the target directory (`$CARGO_TARGET_DIR` or `target`), decompressing it the first time.
decompressed() {
    local name=$1 gz=$2 dir="${CARGO_TARGET_DIR:-target}/bench-corpus"
    [[ -f $gz ]] || { echo "$name: $gz not found" >&2; return 1; }
    mkdir -p "$dir"
    local file
    file="$dir/$(basename "$gz" .gz)"
    if [[ ! -s $file ]]; then
        gzip -dc "$gz" >"$file.tmp"
        mv "$file.tmp" "$file"
    fi
    printf '%s\n' "$file"
}
