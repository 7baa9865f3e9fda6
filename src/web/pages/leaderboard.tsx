/**
 * `/leaderboard`: people by rating, highest first, a page at a time: the settled ratings, and
 * apart the provisional ones (too few games to mean much yet). The reader's own row is
 * highlighted, and their place said above the table whichever page is shown.
 */
import { useState } from 'react';
import { Alert, Anchor, Card, Container, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '../components/link.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { ratingInWords, shownRating } from '../ratings/ratings.js';
import { PagePicker } from '../components/page-picker.js';
import classes from './leaderboard.module.css';
import { UserText } from '../components/user-text.js';
import { YouMark } from '../components/you-mark.js';

const PAGE_SIZE = 25;

function Board({ provisional, title, blurb }: { provisional: boolean; title: string; blurb: string }) {
  const { user: me } = useSession();
  const [page, setPage] = useState(1);
  // The page shown stays while the next is on its way (as Your games' does): emptied to
  // "Loading...", the board lost its table and its pager, and the page shrank under the pointer.
  const query = trpc.ratings.leaderboard.useQuery({ provisional, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, { placeholderData: (previous) => previous });
  const id = provisional ? 'provisional-title' : 'rated-title';
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={title}>
        {query.error.message}
      </Alert>
    );
  }
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Card component="section" withBorder radius="md" padding="md" bg="var(--mythos-night-veil)" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} c="gold.3">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {blurb}
      </Text>
      {!data ? (
        <Text role="status">Loading...</Text>
      ) : data.total === 0 ? (
        <Text c="dimmed">Nobody yet.</Text>
      ) : (
        <Stack gap="sm" aria-busy={query.isPlaceholderData}>
          {data.mine && (
            <Text size="sm" data-testid={`${provisional ? 'provisional' : 'rated'}-mine`}>
              Your place: <strong>#{data.mine.place}</strong> of {data.total}, rated {ratingInWords(data.mine)}.
            </Text>
          )}
          <Table.ScrollContainer minWidth={300}>
            <Table striped highlightOnHover verticalSpacing={6} aria-labelledby={id}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Place</Table.Th>
                  <Table.Th scope="col">Player</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Rating
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Games
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => {
                  const mine = row.userID === me?.id;
                  return (
                    <Table.Tr key={row.userID} aria-current={mine ? 'true' : undefined} bg={mine ? 'var(--mythos-gold-veil)' : undefined} fw={mine ? 700 : undefined}>
                      <Table.Td>#{row.place}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/user/${encodeURIComponent(row.userID)}`} c={mine ? 'gold.3' : undefined} className={classes.name}>
                          <UserText>{row.name}</UserText>
                        </Anchor>
                        {mine && <YouMark />}
                      </Table.Td>
                      <Table.Td ta="right">{shownRating(row)}</Table.Td>
                      <Table.Td ta="right">{row.games}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePicker pages={pages} page={page} onChange={setPage} label={`${title} pages`} />
        </Stack>
      )}
    </Card>
  );
}

export function Page() {
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Leaderboard
          </Title>
          <Text c="dimmed" size="sm">
            A finished game with a person in it moves each person&apos;s rating, from the final order of favor; beating bots raises it no
            higher than the strongest bot&apos;s at the table. Everyone starts at 1500. Bots keep fixed ratings, shown beside their names in
            lobbies and games; this board lists people.
          </Text>
        </div>
        <Board provisional={false} title="Rated players" blurb="Ratings that have settled: about ten games or more." />
        <Board provisional title="Provisional" blurb='Too few games to say much yet: shown with a "?".' />
      </Stack>
    </Container>
  );
}
