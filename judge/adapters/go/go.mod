module iri-abnf/judge/adapters/go

go 1.19
