/** `/user/:userID`: a player's profile: name, subtitle, stats, charts, recent games. */
import { useMemo } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { PageError } from '../components/page-error.js';
import { PageLoading } from '../components/page-loading.js';
import { useParams } from 'react-router-dom';
import { Link } from '../components/link.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { ProfileCharts } from '../profile/profile-charts.js';
import { ProfileHeader } from '../profile/profile-header.js';
import { RatingHistory } from '../profile/rating-history.js';
import { RecentGames } from '../profile/recent-games.js';
import { recentGamesOf } from '../profile/recent.js';
import { AverageStats, TotalStats } from '../profile/stat-grid.js';
import { parseUserStats } from '../profile/stats.js';

function Profile({ userID }: { userID: string }) {
  const { user: me } = useSession();
  const profile = trpc.users.profile.useQuery({ userID });
  // The rating is asked for beside the profile (RatingHistory reads the same query) and the page
  // drawn once both are in: drawn when it came, after the rest, it pushed everything under it down,
  // and a click meant for the link at the foot landed on a chart.
  const rating = trpc.users.rating.useQuery({ userID });
  const usersByID = useMemo(() => new Map((profile.data?.users ?? []).map((u) => [u.id, u])), [profile.data]);
  const recent = useMemo(() => (profile.data ? recentGamesOf(profile.data) : []), [profile.data]);

  if (profile.isError) {
    return (
      <PageError title="Profile">{profile.error.data?.code === 'NOT_FOUND' ? 'No such user.' : profile.error.message}</PageError>
    );
  }
  if (!profile.data) return <PageLoading />;
  const { user } = profile.data;
  if (!user.isBot && rating.isPending) return <PageLoading />;
  const stats = parseUserStats(user.statsJSON);
  const isMe = me?.id === user.id;
  return (
    <Stack gap="xl">
      <ProfileHeader user={user} isMe={isMe} />
      {!user.isBot && <RatingHistory userID={user.id} whose={isMe ? 'Your' : `${user.name}'s`} />}
      <TotalStats stats={stats} owner={isMe ? null : user.name} />
      <AverageStats stats={stats} />
      <section aria-labelledby="charts-title">
        <Title order={2} size="h4" mb="xs" id="charts-title">
          Charts
        </Title>
        {stats.gamesPlayed === 0 && recent.length === 0 ? (
          <Text c="dimmed">Charts appear after the first finished game.</Text>
        ) : (
          <ProfileCharts stats={stats} recent={recent} owner={isMe ? null : user.name} />
        )}
      </section>
      <RecentGames games={recent} usersByID={usersByID} />
      {isMe && (
        <Anchor component={Link} to="/my-games" c="gold.3" data-testid="profile-my-games">
          All your games, with their rating changes and replays
        </Anchor>
      )}
    </Stack>
  );
}

export function Page() {
  const { userID = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <Profile userID={userID} />
    </Container>
  );
}
