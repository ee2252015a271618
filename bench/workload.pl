# workload.pl - an allocation-heavy Perl program for bench/walltime.sh:
# hashes of arrays and strings of mixed sizes built and dropped, as in
# record parsing.  Debian's perl uses the system malloc.
use strict;
use warnings;

my $rounds = shift // 10;
my $total = 0;
for my $r (1 .. $rounds) {
	my %index;
	for my $i (1 .. 20000) {
		my $width = 1 + ($i * 7 + $r) % 40;
		my %rec = map { ("k$_" => 'v' x ($_ * 13 % 700)) } 1 .. $width;
		$rec{items} = [ map { $_ * $i } 1 .. $i % 50 ];
		push @{ $index{$width} }, \%rec;
	}
	$total += scalar @{ $index{$_} } for keys %index;
}
print "$total\n";
