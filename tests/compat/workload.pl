# workload.pl - hashes, sorts and regular expressions over generated text, with deterministic output, for compat/perl.sh;
# it waits halfway through the text until the standard input has ended (tests/lib/compat.sh, compat_gate).
use strict;
use warnings;
use Digest::MD5 qw(md5_hex);

# A linear congruential generator, so the text is the same on every run;
# its low bits have short periods, so only the high ones are used.
my $state = 12345;
sub next_random {
	$state = ($state * 1103515245 + 12345) % 2147483648;
	return $state >> 16;
}

my @syllables = qw(ba ce di fo gu ha ji ko lu me ni po qu ra se ti);
my %count;
my %first_seen;
my @lines;
for my $line_number (1 .. 20000) {
	if ($line_number == 10000) {
		local $/;
		my $input = <STDIN>;
	}
	my @words;
	for (1 .. 3 + next_random() % 12) {
		my $word = '';
		$word .= $syllables[next_random() % @syllables] for 1 .. 1 + next_random() % 4;
		push @words, $word;
	}
	my $line = join ' ', @words;
	push @lines, $line;
	for my $word ($line =~ /\b(\w+)\b/g) {
		$count{$word}++;
		$first_seen{$word} //= $line_number;
	}
}

my @top = (sort { $count{$b} <=> $count{$a} || $a cmp $b } keys %count)[0 .. 19];
printf "%-12s %6d %6d\n", $_, $count{$_}, $first_seen{$_} for @top;

my $joined = join "\n", @lines;
my $vowels = () = $joined =~ /[aeiou]/g;
(my $shouty = $joined) =~ s/\b(\w)(\w*)/\U$1\E$2/g;
my %by_length;
push @{ $by_length{length $_} }, $_ for keys %count;
printf "words %d, distinct %d, vowels %d\n", scalar(map { split ' ' } @lines), scalar(keys %count), $vowels;
printf "length %2d: %5d words\n", $_, scalar @{ $by_length{$_} } for sort { $a <=> $b } keys %by_length;
print md5_hex($shouty), "\n";
print md5_hex(join ',', map { "$_=$count{$_}" } sort keys %count), "\n";
